/**
 * How a drop is going, read for the back office (shaped by progress.ts). A handful of
 * aggregate reads, each over one drop's rows (the drop's order keys and its entries are
 * indexed by drop): an owner refreshing the page during a drop costs the shop little.
 *
 * The drop's orders are the distinct orders in `drop_order_keys` (an order has one row per
 * identity it was bought under, each with the order's units), as the list's "sold" counts them.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { rowsOf } from "~/db/raw";
import type { Drop } from "./rights.server";
import { PAID_ORDER_STATUSES } from "~/modules/orders/purchase-limit";
import {
  cumulativeTimeline,
  isRunning,
  timelineWindow,
  type BucketCount,
  type DrawPeople,
  type DropProgress,
  type QueuePeople,
} from "./progress";

const PAID = sql.join(
  PAID_ORDER_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

/** The drop's orders, each once, with its units of the drop's product. */
const dropOrders = (dropId: number) => sql`(SELECT DISTINCT k.order_id, k.units FROM drop_order_keys k WHERE k.drop_id = ${dropId})`;

interface OrderFigures {
  sold: number;
  held: number;
  paid_orders: number;
  buyers: number;
  last_sale_at: string | Date | null;
}

interface EntryFigures {
  joined: number;
  waiting: number;
  buying_now: number;
  turns_over: number;
  entered: number;
  won: number;
  purchased: number;
  lapsed: number;
  lost: number;
  last_turn_from: string | Date | null;
}

const toDate = (value: string | Date | null): Date | null => (value === null ? null : new Date(value));

export async function getDropProgress(db: Db, drop: Pick<Drop, "id" | "productId" | "mode" | "startsAt" | "cancelledAt">, now = new Date()): Promise<DropProgress> {
  const at = now.toISOString();
  const [orderRows, entryRows, stockRows] = await Promise.all([
    db.execute(sql`
      SELECT coalesce(sum(d.units) FILTER (WHERE o.status IN (${PAID})), 0)::int AS sold,
             coalesce(sum(d.units) FILTER (WHERE o.status = 'pending'), 0)::int AS held,
             (count(*) FILTER (WHERE o.status IN (${PAID})))::int AS paid_orders,
             (count(DISTINCT o.user_id) FILTER (WHERE o.status IN (${PAID})))::int AS buyers,
             max(o.paid_at) FILTER (WHERE o.status IN (${PAID})) AS last_sale_at
        FROM ${dropOrders(drop.id)} d JOIN orders o ON o.id = d.order_id`),
    db.execute(sql`
      SELECT count(*)::int AS joined,
             (count(*) FILTER (WHERE state = 'waiting' OR (state = 'admitted' AND right_from > ${at}::timestamptz)))::int AS waiting,
             (count(*) FILTER (WHERE state = 'admitted' AND right_from <= ${at}::timestamptz AND right_until > ${at}::timestamptz))::int AS buying_now,
             (count(*) FILTER (WHERE state = 'admitted' AND right_until <= ${at}::timestamptz))::int AS turns_over,
             (count(*) FILTER (WHERE state = 'entered'))::int AS entered,
             (count(*) FILTER (WHERE state = 'won'))::int AS won,
             (count(*) FILTER (WHERE state = 'purchased'))::int AS purchased,
             (count(*) FILTER (WHERE state = 'lapsed'))::int AS lapsed,
             (count(*) FILTER (WHERE state = 'lost'))::int AS lost,
             max(right_from) AS last_turn_from
        FROM drop_entries WHERE drop_id = ${drop.id}`),
    db.execute(sql`SELECT coalesce(sum(stock), 0)::int AS stock FROM product_variants WHERE product_id = ${drop.productId}`),
  ]);
  const orders = rowsOf<OrderFigures>(orderRows)[0]!;
  const entries = rowsOf<EntryFigures>(entryRows)[0]!;
  const stockLeft = Number(rowsOf<{ stock: number }>(stockRows)[0]!.stock);
  const [sold, held] = [Number(orders.sold), Number(orders.held)];
  const lastSaleAt = toDate(orders.last_sale_at);
  const lastTurnFrom = toDate(entries.last_turn_from);

  const people: QueuePeople | DrawPeople =
    drop.mode === "queue"
      ? {
          mode: "queue",
          joined: Number(entries.joined),
          waiting: Number(entries.waiting),
          buyingNow: Number(entries.buying_now),
          turnsOver: Number(entries.turns_over),
          lastTurnFrom: lastTurnFrom?.toISOString() ?? null,
        }
      : {
          mode: "draw",
          entered: Number(entries.joined),
          winning: Number(entries.won),
          bought: Number(entries.purchased),
          passedOn: Number(entries.lapsed),
          notDrawn: Number(entries.lost),
          awaitingDraw: Number(entries.entered),
        };
  const turnsToCome = people.mode === "queue" ? people.waiting + people.buyingNow : people.winning;
  const running = isRunning({ mode: drop.mode, started: now >= drop.startsAt, cancelled: drop.cancelledAt !== null, stockLeft, held, turnsToCome });
  const turnsBegun = lastTurnFrom && lastTurnFrom <= now ? lastTurnFrom : null;
  const lastEventAt = [lastSaleAt, turnsBegun].filter((d): d is Date => d !== null).sort((a, b) => b.getTime() - a.getTime())[0] ?? null;
  const window = timelineWindow(drop.startsAt, now, running, lastEventAt);

  let timeline = null;
  if (window) {
    const bucketSeconds = window.bucketMinutes * 60;
    const start = window.start.toISOString();
    const end = window.end.toISOString();
    // The bucket an instant falls in, from 0 at the start (a payment a moment before it: 0).
    const bucketOf = (column: SQL) => sql`GREATEST(0, floor(extract(epoch FROM (${column} - ${start}::timestamptz)) / ${bucketSeconds}::int))::int`;
    const [soldRows, turnRows] = await Promise.all([
      db.execute(sql`
        SELECT ${bucketOf(sql`o.paid_at`)} AS bucket, sum(d.units)::int AS count
          FROM ${dropOrders(drop.id)} d JOIN orders o ON o.id = d.order_id
         WHERE o.status IN (${PAID}) AND o.paid_at <= ${end}::timestamptz
         GROUP BY 1`),
      db.execute(sql`
        SELECT ${bucketOf(sql`right_from`)} AS bucket, count(*)::int AS count
          FROM drop_entries
         WHERE drop_id = ${drop.id} AND right_from <= ${end}::timestamptz
         GROUP BY 1`),
    ]);
    const counts = (result: unknown): BucketCount[] => rowsOf<{ bucket: number; count: number }>(result).map((r) => ({ bucket: Number(r.bucket), count: Number(r.count) }));
    timeline = cumulativeTimeline(window, counts(soldRows), counts(turnRows));
  }

  return {
    asOf: at,
    stockLeft,
    held,
    sold,
    paidOrders: Number(orders.paid_orders),
    buyers: Number(orders.buyers),
    soldOutAt: stockLeft <= 0 && held === 0 && sold > 0 && lastSaleAt ? lastSaleAt.toISOString() : null,
    running,
    people,
    timeline,
  };
}
