/**
 * Availability alerts ("Email me when it's available"): limits and messages (client-safe). The
 * form's schema is in alert-form.ts: the product page imports these texts, and a module-level zod
 * schema here would put zod (25 kB gzip) in its first-load JavaScript (decision 0051).
 */
export const ALERT_LIMITS = {
  /** Most alert emails queued in any 60 seconds (a restock must not flood the mail relay, and a first come, first served rush stays fair). */
  emailsPerMinute: 60,
  /** Most waiting alerts one customer may hold. */
  perCustomer: 100,
} as const;

export const ALERT_TEXT = {
  subscribed: "We will email you when it is available.",
  already: "You are already on the list for this one.",
  cancelled: "You will not be emailed about this one.",
  verifyFirst: "Verify your email address first (see your account page): alerts go only to a verified address.",
  notFound: "That product was not found.",
  availableNow: "It is available now: add it to your cart.",
  drop: "This one is sold through a timed drop, so there are no availability emails for it: see the drop above.",
  tooMany: `You are waiting for ${ALERT_LIMITS.perCustomer} products already: stop some alerts first.`,
  resend: "Please send the form again.",
  unsubscribed: (n: number) => (n === 0 ? "You had no availability emails waiting." : `Done: ${n === 1 ? "that alert is" : `those ${n} alerts are`} stopped. You will not get availability emails from us.`),
  badLink: "This link is not valid (or the alert is gone).",
} as const;
