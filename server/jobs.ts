import type { ShopContext } from "~/load-context";
import { runOutbox, runOutboxRetention } from "~/modules/email/worker.server";
import { cleanUpAccounts } from "~/modules/accounts/cleanup.server";
import { sweepGuestCarts } from "~/modules/cart/cart.server";
import { runReservationSweep } from "~/modules/checkout/jobs.server";
import { runMembershipJobs } from "~/modules/membership/jobs.server";
import { runProviderBilling } from "~/web/payments.server";
import { expireQuotes } from "~/modules/buylist/submissions.server";
import { orderDueQueues } from "~/modules/drops/queue.server";
import { runDrawJobs } from "~/modules/drops/draw.server";
import { runStockAlerts } from "~/modules/preorders/alerts.server";
import { processLog } from "~/utils/log.server";
import type { Metrics } from "./metrics";

export interface BackgroundJob {
  name: string;
  everyMs: number;
  run(context: ShopContext): Promise<unknown>;
}

/**
 * The provider's own billing run (the sandbox's renewals and cancellations at the period end;
 * nothing for Stripe, which bills on its side), then membership's premium cache: in this
 * order, so a renewal that is due lands before the cache is checked.
 */
export async function runBillingAndMembership(context: ShopContext, now = new Date()) {
  const billing = await runProviderBilling(context, now);
  const { expired } = await runMembershipJobs(context, now);
  return { billing, expired };
}

/**
 * The periodic work of the shop (expired reservations, the email outbox, ...). Each job
 * claims its rows with FOR UPDATE SKIP LOCKED, so every instance may run every job.
 */
export const BACKGROUND_JOBS: BackgroundJob[] = [
  { name: "outbox", everyMs: 5_000, run: runOutbox },
  // Old emails (OUTBOX_RETENTION_DAYS, default 90) go: they hold addresses and order details.
  { name: "outbox-retention", everyMs: 60 * 60_000, run: (context) => runOutboxRetention(context) },
  { name: "accounts-cleanup", everyMs: 60 * 60_000, run: cleanUpAccounts },
  { name: "guest-cart-sweep", everyMs: 60 * 60_000, run: (context) => sweepGuestCarts(context.db) },
  { name: "reservation-sweep", everyMs: 30_000, run: runReservationSweep },
  // The provider's billing (sandbox renewals at period end), then the premium cache for periods that ran out.
  { name: "membership", everyMs: 15_000, run: (context) => runBillingAndMembership(context) },
  // Buylist quotes past their expiry become "expired" (answering one also checks, so a minute late is harmless).
  { name: "buylist-quote-expiry", everyMs: 60_000, run: (context) => expireQuotes(context.db) },
  // Drop queues that have started get their random order (the drop's page also does it on demand).
  { name: "drop-queues", everyMs: 3_000, run: (context) => orderDueQueues(context.db) },
  // Drop draws whose entry has closed are made; winners who paid or ran out of time are settled.
  { name: "drop-draws", everyMs: 15_000, run: (context) => runDrawJobs(context.db, new Date(), { brand: { shopName: context.shop.name, publicUrl: context.env.publicUrl } }) },
  // Availability alerts (issue 16): a product back in stock or released gets its subscribers told in a
  // random order, at most ALERT_LIMITS.emailsPerMinute a minute; a batch stops if it sells out again.
  { name: "stock-alerts", everyMs: 15_000, run: (context) => runStockAlerts(context.db, { brand: { shopName: context.shop.name, publicUrl: context.env.publicUrl } }) },
];

/** Runs the jobs on their timers; each run is counted in `metrics` (job, ok | failed) when given. */
export function startBackgroundJobs(context: ShopContext, jobs: BackgroundJob[] = BACKGROUND_JOBS, metrics?: Metrics) {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();
  for (const job of jobs) {
    let busy = false;
    const tick = () => {
      if (busy) return; // a slow run is never overlapped by the next one
      busy = true;
      const run = job
        .run(context)
        .then(
          () => metrics?.jobRun(job.name, "ok"),
          (error) => {
            metrics?.jobRun(job.name, "failed");
            processLog().error({ job: job.name, err: error }, "background job failed");
          },
        )
        .finally(() => {
          busy = false;
          running.delete(run);
        });
      running.add(run);
    };
    timers.push(setInterval(tick, job.everyMs));
    setTimeout(tick, 1000).unref();
  }
  return {
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await Promise.allSettled([...running]);
    },
  };
}
