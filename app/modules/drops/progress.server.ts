/**
 * How a drop is going, read for the back office (shaped by progress.ts): a handful of aggregate
 * reads over the drop's entries and order keys (both indexed by drop) and their orders (by id),
 * so an owner refreshing the page during a drop costs the shop little (~7 ms with 2,000 entries;
 * the queue run of bench/drop-sim checks these figures against its ledger).
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { rowsOf } from "~/db/raw";
import { dropOrdersSql, PAID_STATUSES_SQL } from "./drop-orders.server";
import {
  cumulativeTimeline,
  isRunning,
  timelineWindow,
  type BucketCount,
  type DrawPeople,
  type DropProgress,
  type QueuePeople,
} from "./progress";
import type { Drop } from "./rights.server";

interface OrderFigures {
  sold: number;
  held: number;
  paid_orders: number;
  buyers: number;
  last_sale_at: string | Date | null;
}

/** Entry counts by where they stand (a queue's columns, then a draw's). */
interface EntryFigures {
  total: number;
  waiting: number;
  buying_now: number;
  turns_over: number;
  awaiting_draw: number;
  won: number;
  purchased: number;
  lapsed: number;
  lost: number;
  last_turn_from: string | Date | null;
  last_turn_begun: string | Date | null;
}

const toDate = (value: string | Date | null): Date | null => (value === null ? null : new Date(value));

type ProgressDrop = Pick<Drop, "id" | "productId" | "mode" | "opensAt" | "startsAt" | "cancelledAt" | "places">;

/**
 * Read in one read-only snapshot (REPEATABLE READ): separate reads could see a checkout take the
 * last unit between the orders and the stock, and show "sold out" with a unit still held.
 */
export async function getDropProgress(db: Db, drop: ProgressDrop, now = new Date()): Promise<DropProgress> {
  return db.transaction((tx) => readProgress(tx, drop, now), { isolationLevel: "repeatable read", accessMode: "read only" });
}

async function readProgress(db: Tx, drop: ProgressDrop, now: Date): Promise<DropProgress> {
  const at = now.toISOString();
  // Held: a pending order's units, until it is paid or the sweep releases it (an order past
  // its reservation still holds its stock until then).
  const orders = rowsOf<OrderFigures>(
    await db.execute(sql`
      SELECT coalesce(sum(d.units) FILTER (WHERE o.status IN (${PAID_STATUSES_SQL})), 0)::int AS sold,
             coalesce(sum(d.units) FILTER (WHERE o.status = 'pending'), 0)::int AS held,
             (count(*) FILTER (WHERE o.status IN (${PAID_STATUSES_SQL})))::int AS paid_orders,
             (count(DISTINCT o.user_id) FILTER (WHERE o.status IN (${PAID_STATUSES_SQL})))::int AS buyers,
             max(o.paid_at) FILTER (WHERE o.status IN (${PAID_STATUSES_SQL})) AS last_sale_at
        FROM ${dropOrdersSql(drop.id)} d JOIN orders o ON o.id = d.order_id`),
  )[0]!;
  // A queue's turn is stored 'admitted' from the ordering on and reads as over once its window
  // has passed, as buyers are shown it (view.server.ts shownState). A draw's states are the
  // settling job's (every 15 s, after a short grace), so "winners buying" can lag a lapse by that.
  const entries = rowsOf<EntryFigures>(
    await db.execute(sql`
      SELECT count(*)::int AS total,
             (count(*) FILTER (WHERE state = 'waiting' OR (state = 'admitted' AND right_from > ${at}::timestamptz)))::int AS waiting,
             (count(*) FILTER (WHERE state = 'admitted' AND right_from <= ${at}::timestamptz AND right_until > ${at}::timestamptz))::int AS buying_now,
             (count(*) FILTER (WHERE state = 'admitted' AND right_until <= ${at}::timestamptz))::int AS turns_over,
             (count(*) FILTER (WHERE state = 'entered'))::int AS awaiting_draw,
             (count(*) FILTER (WHERE state = 'won'))::int AS won,
             (count(*) FILTER (WHERE state = 'purchased'))::int AS purchased,
             (count(*) FILTER (WHERE state = 'lapsed'))::int AS lapsed,
             (count(*) FILTER (WHERE state = 'lost'))::int AS lost,
             max(right_from) AS last_turn_from,
             max(right_from) FILTER (WHERE right_from <= ${at}::timestamptz) AS last_turn_begun
        FROM drop_entries WHERE drop_id = ${drop.id}`),
  )[0]!;
  const stockLeft = Number(
    rowsOf<{ stock: number }>(await db.execute(sql`SELECT coalesce(sum(stock), 0)::int AS stock FROM product_variants WHERE product_id = ${drop.productId}`))[0]!.stock,
  );
  const [sold, held] = [Number(orders.sold), Number(orders.held)];
  const lastSaleAt = toDate(orders.last_sale_at);
  const lastTurnFrom = toDate(entries.last_turn_from);

  const people: QueuePeople | DrawPeople =
    drop.mode === "queue"
      ? {
          mode: "queue",
          joined: Number(entries.total),
          waiting: Number(entries.waiting),
          buyingNow: Number(entries.buying_now),
          turnsOver: Number(entries.turns_over),
          lastTurnFrom: lastTurnFrom?.toISOString() ?? null,
        }
      : {
          mode: "draw",
          entered: Number(entries.total),
          awaitingDraw: Number(entries.awaiting_draw),
          winning: Number(entries.won),
          bought: Number(entries.purchased),
          missedTurn: Number(entries.lapsed),
          notDrawn: Number(entries.lost),
        };
  const running = isRunning({
    opened: now >= drop.opensAt,
    started: now >= drop.startsAt,
    cancelled: drop.cancelledAt !== null,
    stockLeft,
    held,
    turnsOpenOrAhead: people.mode === "queue" ? people.waiting + people.buyingNow : people.awaitingDraw + people.winning,
    // As the draw's job decides whether to pass places on (draw.server.ts runDrawJobs).
    placesToPass: people.mode === "draw" && people.notDrawn > 0 && (drop.places === null || people.bought < drop.places),
  });
  const lastEventAt = [lastSaleAt, toDate(entries.last_turn_begun)].filter((d): d is Date => d !== null).sort((a, b) => b.getTime() - a.getTime())[0] ?? null;
  const window = timelineWindow(drop.startsAt, now, running, lastEventAt, drop.cancelledAt);

  let timeline = null;
  if (window) {
    const bucketSeconds = window.bucketMinutes * 60;
    const start = window.start.toISOString();
    const end = window.end.toISOString();
    // The bucket an instant falls in, 0 from the start (cumulativeTimeline keeps it in range).
    const bucketOf = (column: SQL) => sql`floor(extract(epoch FROM (${column} - ${start}::timestamptz)) / ${bucketSeconds}::int)::int`;
    // While running the chart ends now, and a payment committed since `now` was taken (before
    // this snapshot) belongs in it, as in the tiles: it lands in the last bucket. Once over, the
    // chart stops at its end (a call-off: orders paid after it are not charted).
    const paidBy = running ? sql`` : sql`AND o.paid_at <= ${end}::timestamptz`;
    const soldRows = await db.execute(sql`
      SELECT ${bucketOf(sql`o.paid_at`)} AS bucket, sum(d.units)::int AS count
        FROM ${dropOrdersSql(drop.id)} d JOIN orders o ON o.id = d.order_id
       WHERE o.status IN (${PAID_STATUSES_SQL}) ${paidBy}
       GROUP BY 1`);
    const turnRows = await db.execute(sql`
      SELECT ${bucketOf(sql`right_from`)} AS bucket, count(*)::int AS count
        FROM drop_entries
       WHERE drop_id = ${drop.id} AND right_from <= ${end}::timestamptz
       GROUP BY 1`);
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
    // Not for a drop called off: the product sold on as usual, and its last unit may not be the drop's.
    soldOutAt: stockLeft <= 0 && held === 0 && sold > 0 && lastSaleAt && !drop.cancelledAt ? lastSaleAt.toISOString() : null,
    running,
    people,
    timeline,
  };
}
