/**
 * The draw's emails (decision 0047 "Draw"): won, not drawn, a place passed on. Queued in the
 * transaction that makes the outcome, each keyed by the entry (and what happened to it), so a
 * replayed job or a second click never sends one twice.
 */
import { SHOP_TIME_ZONE } from "~/config/constants";
import { DEMO_SHOP } from "~/config/shop";
import type { Db, Tx } from "~/db/client.server";
import { enqueueEmail, escapeHtml } from "~/modules/email/outbox.server";
import type { EmailBranding } from "~/modules/orders/emails.server";

export type DrawEmailKind = "won" | "lost" | "passed";

export const drawEmailKey = {
  won: (entryId: number) => `drop-draw-won:${entryId}`,
  lost: (entryId: number) => `drop-draw-lost:${entryId}`,
  passed: (entryId: number) => `drop-place-passed:${entryId}`,
};

export interface DrawEmailEntry {
  entryId: number;
  email: string;
  rightUntil: Date | null;
}

const whenFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: SHOP_TIME_ZONE,
  weekday: "short",
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
  timeZoneName: "short",
});

/** "Tue 24 Nov, 15:10 GMT": the shop's time, with its zone, so nobody misreads it. */
export function formatBuyBy(at: Date): string {
  return whenFormat.format(at);
}

export async function enqueueDrawEmail(
  tx: Db | Tx,
  kind: DrawEmailKind,
  entry: DrawEmailEntry,
  drop: { id: number; productName: string },
  brand: EmailBranding = {},
): Promise<boolean> {
  const shop = brand.shopName ?? DEMO_SHOP.name;
  const link = brand.publicUrl ? `${brand.publicUrl}/drops/${drop.id}` : `/drops/${drop.id}`;
  const audit = `${link}/draw`;
  const by = entry.rightUntil ? formatBuyBy(entry.rightUntil) : "";
  const { subject, lines } = {
    won: {
      subject: `You won a place in the ${drop.productName} draw`,
      lines: [
        `Good news: you won a place in the free draw for ${drop.productName}.`,
        "",
        `You can buy it until ${by}, at ${link}`,
        "After that time your place passes to the next person drawn.",
      ],
    },
    lost: {
      subject: `The ${drop.productName} draw: not this time`,
      lines: [
        `Not this time: your entry in the free draw for ${drop.productName} was not drawn for a place.`,
        "",
        "If a winner does not buy in time, their place passes to the next entry in the draw order: we'll email you if a place passes to you.",
      ],
    },
    passed: {
      subject: `A place in the ${drop.productName} draw has passed to you`,
      lines: [
        `A place has passed to you: a winner of the free draw for ${drop.productName} did not buy in time, and you were next in the draw order.`,
        "",
        `You can buy it until ${by}, at ${link}`,
      ],
    },
  }[kind];
  const text = ["Hello,", "", ...lines, "", `Anyone can check how the draw was made: ${audit}`, "", `— ${shop}`].join("\n");
  return enqueueEmail(tx as Db, {
    kind: `drop-draw-${kind}`,
    to: entry.email,
    subject,
    text,
    html: `<pre style="font-family:inherit;white-space:pre-wrap">${escapeHtml(text)}</pre>`,
    dedupeKey: drawEmailKey[kind](entry.entryId),
  });
}
