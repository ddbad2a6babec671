/**
 * The sandbox's hosted checkout page (/sandbox/checkout/:id, app/routes/sandbox-checkout.tsx),
 * standing in for Stripe Checkout's payment page: what it shows, and its "Pay" button.
 */
import type { Db } from "~/db/client.server";
import { formatPence } from "~/utils/money";
import type { PaymentEventDispatch } from "../events.server";
import { checkSandboxCard } from "./card";
import { getSandboxSession, sandboxSuccessUrl, settleSandboxSession } from "./provider.server";

/** What the hosted pages need from the shop: its event dispatch (handlers bound), and who is paying. */
export interface SandboxPageDeps {
  /** The shop's payment-event dispatch, the same one Stripe's webhook uses. */
  dispatch: PaymentEventDispatch;
  viewerId: string | null;
  now?: Date;
}

export interface SandboxPageSession {
  id: string;
  kind: "payment" | "subscription";
  /** "open" can be paid; the others explain why not. */
  state: "open" | "complete" | "expired" | "declined" | "cancelled";
  description: string | null;
  lines: { name: string; quantity: number; unitAmount: number; total: number }[];
  amount: number;
  amountLabel: string;
  cancelUrl: string;
  /** Only for a completed session: where its confirmation page is. */
  successUrl: string | null;
  expiresAt: string;
}

/**
 * The order payment page (/sandbox/checkout/:id) for this visitor: null unless the session is
 * an order payment (kind `payment`) of theirs. A Pro sign-up session is paid on its own page
 * (/sandbox/subscription/:id), which checks "already a member" first; here it is unknown.
 */
export async function loadSandboxPage(db: Db, sessionId: string, viewerId: string | null, now = new Date()): Promise<SandboxPageSession | null> {
  const page = await loadHostedSession(db, sessionId, viewerId, now);
  return page?.kind === "payment" ? page : null;
}

/**
 * What a hosted sandbox page may show to this visitor: null when the session does not
 * exist, is a portal session, or belongs to another customer (a hosted page is a bearer link,
 * but the sandbox can afford to be stricter than Stripe).
 */
export async function loadHostedSession(db: Db, sessionId: string, viewerId: string | null, now = new Date()): Promise<SandboxPageSession | null> {
  const row = await getSandboxSession(db, sessionId);
  if (!row || row.kind === "portal") return null;
  if (row.userId && row.userId !== viewerId) return null;
  const state =
    row.status === "open" && row.expiresAt <= now ? "expired" : (row.status as SandboxPageSession["state"]);
  return {
    id: row.id,
    kind: row.kind as "payment" | "subscription",
    state,
    description: row.description,
    lines: (row.lineItems ?? []).map((l) => ({ ...l, total: l.unitAmount * l.quantity })),
    amount: row.amount,
    amountLabel: formatPence(row.amount),
    cancelUrl: row.cancelUrl,
    successUrl: row.status === "complete" ? sandboxSuccessUrl(row) : null,
    expiresAt: row.expiresAt.toISOString(),
  };
}

export type SandboxPayResult =
  | { status: "paid"; redirectTo: string }
  | { status: "declined" }
  | { status: "invalid"; message: string }
  | { status: "closed"; state: SandboxPageSession["state"] }
  | { status: "not_found" };

/**
 * The sandbox page's "Pay" button. A test card either pays (the session completes and its
 * `checkout.session.completed` event goes through the same handlers as a Stripe webhook) or is
 * declined (the session ends, its failure event releases the reservation; nothing is charged
 * or fulfilled). Other input changes nothing and gets a message.
 */
export async function paySandboxSession(
  db: Db,
  sessionId: string,
  cardNumber: string,
  deps: SandboxPageDeps,
): Promise<SandboxPayResult> {
  const now = deps.now ?? new Date();
  const page = await loadSandboxPage(db, sessionId, deps.viewerId, now);
  if (!page) return { status: "not_found" };
  if (page.state !== "open") return { status: "closed", state: page.state };
  const card = checkSandboxCard(cardNumber);
  if (!card.ok) return { status: "invalid", message: card.message };

  const settled = await settleSandboxSession(db, sessionId, card.outcome, now, card.outcome === "pay" ? card.digits : null);
  if (!settled) {
    const again = await loadSandboxPage(db, sessionId, deps.viewerId, now);
    return again ? { status: "closed", state: again.state } : { status: "not_found" };
  }
  await deps.dispatch(settled.event, { now });
  if (card.outcome === "decline") return { status: "declined" };
  return { status: "paid", redirectTo: sandboxSuccessUrl(settled.row) };
}
