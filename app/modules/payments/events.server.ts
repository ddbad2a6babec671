import { eq, sql } from "drizzle-orm";
import type { ShopIdentity } from "~/config/shop";
import type { Db } from "~/db/client.server";
import { paymentEvents } from "~/db/schema";
import { loggableMessage, processLog } from "~/utils/log.server";
import type { PaymentEvent, PaymentProvider } from "./provider";

export interface PaymentEventContext {
  provider: PaymentProvider;
  now: Date;
  /** For emails the handlers write (shop name, links); defaults apply when absent. */
  shop?: ShopIdentity;
  publicUrl?: string;
}

/**
 * One area's reaction to provider events (orders, Pro membership, ...). `handle` must be
 * idempotent on its own: the same event may arrive twice at the same moment, and the event
 * log only stops replays that come after a successful run.
 */
export interface PaymentEventHandler {
  name: string;
  handles(event: PaymentEvent): boolean;
  handle(db: Db, event: PaymentEvent, context: PaymentEventContext): Promise<void>;
}

export type ProcessOutcome = "processed" | "duplicate" | "ignored";

/**
 * The shop's event dispatch as payments' own code receives it (the webhook, the sandbox's
 * pages, a billing run): `processPaymentEvent` with the handler list, the provider and the
 * shop's details already bound. Payments knows no handler; the composition root
 * (app/web/payments.server.ts) lists them and hands this function in.
 */
export type PaymentEventDispatch = (event: PaymentEvent, options?: { now?: Date }) => Promise<ProcessOutcome>;

/**
 * PostgreSQL's jsonb cannot hold U+0000, and an event that cannot be recorded is answered 500
 * and redelivered for days: the stored copy has U+FFFD in its place (handlers get the event as sent).
 */
export function storablePayload(value: unknown): unknown {
  if (typeof value === "string") return value.replaceAll("\u0000", "\uFFFD");
  if (Array.isArray(value)) return value.map(storablePayload);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key.replaceAll("\u0000", "\uFFFD"), storablePayload(inner)]));
  }
  return value;
}

/**
 * Records the event by id and runs the handlers that want it. An event already processed is
 * a replay and changes nothing. If a handler throws, the error is kept on the event row and
 * rethrown (the webhook answers 500, so Stripe delivers it again later).
 */
export async function processPaymentEvent(
  db: Db,
  event: PaymentEvent,
  handlers: readonly PaymentEventHandler[],
  context: PaymentEventContext,
): Promise<ProcessOutcome> {
  await db
    .insert(paymentEvents)
    .values({ id: event.id, provider: event.provider, type: event.type, payload: storablePayload(event.raw ?? {}) })
    .onConflictDoNothing({ target: paymentEvents.id });
  const [row] = await db
    .select({ processedAt: paymentEvents.processedAt })
    .from(paymentEvents)
    .where(eq(paymentEvents.id, event.id));
  if (row?.processedAt) return "duplicate";

  const interested = handlers.filter((h) => h.handles(event));
  try {
    for (const handler of interested) await handler.handle(db, event, context);
  } catch (error) {
    // Kept on the event for /admin and the retry; a failed statement's values are not.
    const message = loggableMessage(error).slice(0, 1000);
    processLog().error({ eventId: event.id, eventType: event.type, err: error }, "payments: handling an event failed; it will be handled again when redelivered");
    await db.update(paymentEvents).set({ error: message }).where(eq(paymentEvents.id, event.id));
    throw error;
  }
  await db
    .update(paymentEvents)
    .set({ processedAt: sql`now()`, error: null })
    .where(eq(paymentEvents.id, event.id));
  return interested.length > 0 ? "processed" : "ignored";
}
