import fc from "fast-check";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GUEST_CART_COOKIE, PROFILE_COUNTRIES, SESSION_COOKIE } from "~/config/constants";
import { paymentEvents } from "~/db/schema";
import { WHOLESALE_FIELDS, HONEYPOT_FIELD } from "~/modules/wholesale/application-schema";
import { createTestDatabase, type TestDatabase } from "../setup/database";
import { startStripeFake, type StripeFake } from "../fakes/stripe-fake";
import { hasBuild, startApp, type RunningApp } from "../support/http-app";
import { ADMIN_EMAILS, buildShopWorld, makeClient, type Actor, type Answer, type ShopWorld } from "../support/shop-world";

/**
 * Property-based fuzzing (issue 12, "Make it systematic") of every form action and query
 * parameter through the real request handler (server/app.ts + the production build) against a
 * fresh database: wrong types, empty and huge strings (within the 1 MiB body cap), unicode,
 * control characters, broken percent-encoding, repeated keys, missing and extra fields, as a
 * plain document request and as React Router's .data request.
 *
 * Properties: never a 5xx; a redirect never leaves the shop; and a refused request (4xx, or a
 * checkout sent back to the cart) writes nothing: the row counts below are unchanged.
 *
 * A fixed seed keeps a run reproducible; on failure fast-check prints the shrunk request.
 * Every route with an action must be listed in FORMS (a test checks it against app/routes.ts).
 */

/** Finding 6 of issue 12 (a NUL byte in a form field or slug gives 500) is being fixed on another branch: flip after merging. */
const NUL_FIXED = true;
const SEED = 20261123;
/**
 * Runs per form property (query properties get half): 21 form and 36 query properties, about
 * 450 requests, keep the file under a minute on 2 cores. FUZZ_RUNS=500 for a long hunt.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);

// ---- Hostile values -------------------------------------------------------------------------

const SPICY = [
  "",
  " ",
  "0",
  "-1",
  "1.5",
  "1e309",
  "NaN",
  "Infinity",
  "99999999999999999999999",
  "0x10",
  "true",
  "null",
  "undefined",
  "[]",
  "{}",
  "[object Object]",
  "__proto__",
  "constructor",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  "../../etc/passwd",
  "%",
  "%00",
  "//evil.example/",
  "/\\evil.example",
  "https://evil.example/",
  "javascript:alert(1)",
  "\u202eevil",
  "🃏🂡",
  "Ｆｕｌｌｗｉｄｔｈ",
  "é".normalize("NFD"),
  "\uFEFF",
  "\r\nSet-Cookie: x=1",
];

const withoutNul = (value: string) => (NUL_FIXED ? value : value.replaceAll("\0", ""));

const controlChar = fc.integer({ min: NUL_FIXED ? 0 : 1, max: 31 }).map((n) => String.fromCharCode(n));
/** One hostile text value (before form encoding). */
const hostile: fc.Arbitrary<string> = fc
  .oneof(
    { weight: 3, arbitrary: fc.constantFrom(...SPICY) },
    { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ unit: controlChar, minLength: 1, maxLength: 10 }) },
    { weight: 1, arbitrary: fc.integer().map(String) },
    { weight: 1, arbitrary: fc.double().map(String) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom("a", "9", "é", "🃏", " "), fc.integer({ min: 200, max: 60_000 })).map(([c, n]) => c.repeat(n)) },
  )
  .map(withoutNul);

/** A raw (already encoded) value: what a broken client might put on the wire. */
const rawEncoded = fc.constantFrom("%", "%G1", "%FF", "%C0%80", "%ED%A0%80", "%E2%82", "+", "%2B%2B", "a=b", "&&", "%26%3D");

type Pair = [name: string, encoded: string];
/** Lone surrogates as U+FFFD (what a browser sends; encodeURIComponent throws on them). */
const wellFormed = (value: string) => value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
const enc = (name: string, value: string): Pair => [encodeURIComponent(wellFormed(name)), encodeURIComponent(wellFormed(value))];
/** A hostile path segment, percent-encoded. */
const segment = hostile.map((s) => encodeURIComponent(wellFormed(s.slice(0, 300))));

/**
 * A form for a route: each known field valid, hostile, missing or repeated; plus extra fields.
 * `valid` gives a plausible value per field, so the fuzzer gets past the first check.
 */
function formArbitrary(valid: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<string> {
  const field = (name: string, good: fc.Arbitrary<string>) =>
    fc.oneof(
      { weight: 3, arbitrary: good.map((v) => [enc(name, v)]) },
      { weight: 3, arbitrary: hostile.map((v) => [enc(name, v)]) },
      { weight: 1, arbitrary: fc.constant([] as Pair[]) },
      { weight: 1, arbitrary: fc.tuple(good, hostile).map(([a, b]) => [enc(name, a), enc(name, b)]) },
      { weight: 1, arbitrary: rawEncoded.map((raw) => [[encodeURIComponent(name), raw] as Pair]) },
    );
  const extra = fc.array(
    fc.tuple(fc.oneof(fc.constantFrom("__proto__", "constructor", "userId", "role", "isAdmin", "price", "id", "_data", "index", ""), fc.string({ maxLength: 12 }).map(withoutNul)), hostile).map(([k, v]) => enc(k, v)),
    { maxLength: 3 },
  );
  const fields = Object.entries(valid).map(([name, good]) => field(name, good));
  return fc
    .tuple(fc.tuple(...fields), extra, fc.boolean())
    .map(([known, extras, shuffle]) => {
      const pairs = [...known.flat(), ...extras];
      if (shuffle) pairs.reverse();
      return pairs.map(([k, v]) => `${k}=${v}`).join("&");
    })
    .filter((body) => body.length < BODY_LIMIT);
}

/** Under the request guard's 1 MiB page limit: a bigger body is refused before any action runs (request-guard.test.ts). */
const BODY_LIMIT = 1024 * 1024 - 1024;

/** A body that prints short in fast-check's counterexample (the test's own message shows the start). */
function printable(body: string) {
  return { body, [fc.toStringMethod]: () => JSON.stringify(body.length > 300 ? `${body.slice(0, 300)}… (${body.length} bytes)` : body) };
}

const text = (...values: string[]) => fc.constantFrom(...values);
const uuid = fc.uuid();

// ---- The shop under test --------------------------------------------------------------------

let database: TestDatabase;
let app: RunningApp;
let world: ShopWorld;
let send: ReturnType<typeof makeClient>;

beforeAll(async () => {
  database = await createTestDatabase();
  if (!hasBuild) return;
  app = await startApp(database.db, { ADMIN_EMAILS, SIGN_UPS_PER_ADDRESS_PER_HOUR: "1000000" });
  send = makeClient(app);
  world = await buildShopWorld(database.db, app);
});
afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

/** Rows a refused request must not add or change. */
async function counts(): Promise<Record<string, number>> {
  const result = await database.db.execute(sql`
    SELECT (SELECT count(*) FROM users)::int AS users,
           (SELECT count(*) FROM profiles)::int AS profiles,
           (SELECT count(*) FROM orders)::int AS orders,
           (SELECT count(*) FROM order_items)::int AS order_items,
           (SELECT count(*) FROM stock_reservations)::int AS stock_reservations,
           (SELECT coalesce(sum(stock), 0)::int FROM product_variants) AS stock,
           (SELECT count(*) FROM subscriptions)::int AS subscriptions,
           (SELECT count(*) FROM sandbox_sessions)::int AS sandbox_sessions,
           (SELECT count(*) FROM wholesale_applications)::int AS wholesale_applications,
           (SELECT count(*) FROM wholesale_applications WHERE status <> 'pending')::int AS decided_applications,
           (SELECT count(*) FROM products)::int AS products,
           (SELECT count(*) FROM product_variants)::int AS product_variants,
           (SELECT count(*) FROM audit_log)::int AS audit_log,
           (SELECT count(*) FROM orders WHERE status = 'dispatched')::int AS dispatched,
           (SELECT count(*) FROM cart_items)::int AS cart_items,
           (SELECT count(*) FROM outbox)::int AS outbox,
           (SELECT count(*) FROM pricing_rules)::int AS pricing_rules,
           (SELECT count(*) FROM repricing_runs)::int AS repricing_runs,
           (SELECT count(*) FROM product_variants WHERE price_pinned)::int AS pinned_variants,
           (SELECT count(*) FROM coupons)::int AS coupons,
           (SELECT count(*) FROM coupons WHERE active)::int AS active_coupons,
           (SELECT count(*) FROM coupon_categories)::int AS coupon_categories,
           (SELECT count(*) FROM users WHERE role = 'admin')::int AS admins,
           (SELECT count(*) FROM store_credit_entries)::int AS store_credit_entries,
           (SELECT coalesce(sum(balance), 0)::int FROM store_credit_balances) AS store_credit,
           (SELECT count(*) FROM buylist_submissions)::int AS buylist_submissions,
           (SELECT count(*) FROM buylist_submissions WHERE status <> 'submitted')::int AS moved_sell_lists,
           (SELECT count(*) FROM buylist_events)::int AS buylist_events,
           (SELECT count(*) FROM buylist_photos)::int AS buylist_photos,
           (SELECT count(*) FROM drops)::int AS drops,
           (SELECT count(*) FROM drops WHERE cancelled_at IS NOT NULL)::int AS called_off_drops,
           (SELECT count(*) FROM drop_entries)::int AS drop_entries`);
  return (result as unknown as { rows: Record<string, number>[] }).rows[0]!;
}

function describeRequest(method: string, path: string, body?: string) {
  const shown = body && body.length > 300 ? `${body.slice(0, 300)}… (${body.length} bytes)` : body;
  return `${method} ${path}${shown === undefined ? "" : ` body=${JSON.stringify(shown)}`}`;
}

/** The shop's own origins: the test listener and PUBLIC_URL. */
function staysInShop(location: string | null): boolean {
  if (location === null) return true;
  const url = new URL(location, app.base);
  return url.origin === app.base || url.origin === "https://shop.test";
}

function checkNoServerError(answer: Answer, request: string) {
  expect(answer.status, `${request} → ${answer.status}: ${answer.body.slice(0, 300)}`).toBeLessThan(500);
  expect(staysInShop(answer.location), `${request} redirected to ${answer.location}`).toBe(true);
  if (answer.dataRedirect) expect(staysInShop(answer.dataRedirect), `${request} redirected to ${answer.dataRedirect}`).toBe(true);
}

// ---- Forms ----------------------------------------------------------------------------------

interface Form {
  /** The action's path (may itself hold a hostile segment). */
  path: (w: ShopWorld) => fc.Arbitrary<string>;
  actors: Actor[];
  fields: (w: ShopWorld) => Record<string, fc.Arbitrary<string>>;
  /** Beyond a 4xx: an answer that refuses (e.g. checkout's redirect back to the cart). */
  refused?: (answer: Answer) => boolean;
}

const profileFields = () => ({
  intent: text("update-profile"),
  fullName: text("Ash Ketchum", "Brock"),
  addressLine1: text("1 Pallet Road"),
  addressLine2: text("", "Flat 2"),
  city: text("Leeds"),
  region: text("", "West Yorkshire"),
  postalCode: text("LS1 1AA", "10001"),
  country: fc.constantFrom(...PROFILE_COUNTRIES),
});

/** The admin coupon form, with values on both sides of each rule. */
const couponFields = () => ({
  intent: text("save"),
  code: text("FUZZ10", "fuzz-new", "new", "x", "MATRIX10"),
  kind: text("percent", "amount"),
  percentOff: text("10", "0", "101", "100"),
  amountOff: text("5", "0.001", "£7.50", "1,000,000"),
  validFrom: text("", "2026-12-24T18:00", "2026-02-31T10:00"),
  validUntil: text("", "2026-12-25T18:00", "2026-12-24T17:00"),
  minSpend: text("", "25", "-1"),
  maxRedemptions: text("", "1", "0"),
  maxRedemptionsPerCustomer: text("", "1", "1.5"),
  categoryIds: text("1", "2", "2147483648", "999999"),
  note: text("", "fuzz"),
});

/** The admin drop form: values on both sides of each rule, but never a start to come (so never a drop). */
const dropFields = () => ({
  intent: text("save"),
  mode: text("queue", "draw", "raffle"),
  opensAt: text("2020-01-01T09:00", "2026-02-31T10:00", ""),
  startsAt: text("2020-01-01T10:00", "2020-01-01T08:00", "tomorrow"),
  admitPerMinute: text("60", "0", "10001", "1.5"),
  purchaseMinutes: text("10", "0", "241"),
  unitsPerPerson: text("2", "0", "-1"),
  places: text("", "5", "0"),
});

/** The language and category forms and their row buttons (only "show", so the world's catalogue stays visible). */
const taxonomyFields = () => ({
  name: text("Fuzzish", "", "x".repeat(81), "★"),
  slug: text("", "fuzzish", "Not A Slug", "a--b"),
  code: text("fz", "en", "english", ""),
  flag: text("gb", "zz", "../x", ""),
  languageId: text("1", "0", "2147483648", "x"),
  id: text("1", "2", "2000000000", "-1", "x"),
  direction: text("up", "down", "sideways"),
  visible: text("true", "yes"),
});

/** The admin product form, with values on both sides of each rule. */
const productFields = () => ({
  intent: text("save"),
  name: text("Fuzz box", "", "x".repeat(201)),
  slug: text("", "fuzz-box", "Bad Slug", "matrix-product"),
  description: text("", "Sealed."),
  visibility: text("visible", "hidden", "maybe"),
  categoryId: text("1", "2", "0", "2147483648"),
  releaseDate: text("", "24/12/2026", "31/02/2027", "2026-12-24"),
  limit: text("", "2", "0", "10000"),
  price: text("12.50", "£1,250", "12,50", "-1", "1e3"),
  member: text("", "11", "13"),
  stock: text("0", "5", "-1", "1000000"),
});

const FORMS: Record<string, Form> = {
  "sell-cards/list": {
    path: () => fc.constant("/sell-cards/list"),
    actors: ["other"],
    fields: () => ({
      intent: text("add", "update", "submit", "clear"),
      find: text("", "charizard"),
      cardId: text("1", "0", "2000000000"),
      printing: text("holo", "normal", "first_edition"),
      condition: text("nm", "lp", "dmg"),
      quantity: text("1", "100", "0"),
      lines: text("0", "1", "2"),
      "line-0-card": text("1", "x"),
      "line-0-printing": text("holo", "normal"),
      "line-0-condition": text("nm", "mp"),
      "line-0-quantity": text("1", "0", "101"),
      remove: text("0", "1"),
      payout: text("cash", "credit", ""),
      note: text("", "Sleeved."),
    }),
  },
  "account/sell-lists/:id": {
    path: (w) => fc.oneof(text(`/account/sell-lists/${w.ids.sellListId}`), segment.map((s) => `/account/sell-lists/${s}`)),
    // Someone else's sell list: every move is refused as not found, and nothing changes.
    actors: ["other"],
    fields: () => ({ intent: text("withdraw", "accept", "decline", "shipped", "photos"), token: text("", "not-the-token"), note: text("", "Tracked") }),
  },
  wholesale: {
    path: () => fc.constant("/wholesale"),
    actors: ["guest"],
    fields: () => ({
      ...Object.fromEntries(WHOLESALE_FIELDS.map((name) => [name, text("Misty", "misty@example.test", "07700 900123", "sole_trader", "")])),
      email: text("trader@example.test"),
      company_type: text("sole_trader", "other", "limited_company"),
      [HONEYPOT_FIELD]: text(""),
    }),
  },
  "admin/wholesale-applications": {
    path: () => fc.constant("/admin/wholesale-applications"),
    actors: ["admin", "customer"],
    fields: (w) => ({ intent: text("decide"), id: fc.oneof(uuid, text(w.ids.applicationId)), decision: text("approved", "rejected"), note: text("", "Thanks") }),
  },
  cart: {
    path: () => fc.constant("/cart"),
    actors: ["guest", "other"],
    fields: (w) => ({
      intent: text("add", "update", "increment", "decrement", "remove", "clear"),
      variantId: text(String(w.ids.variantId), String(w.ids.hiddenVariantId), "0"),
      quantity: text("1", "2", "99", "0"),
      redirectTo: text("/cart", "/products/x"),
    }),
  },
  register: {
    path: () => fc.constant("/register"),
    actors: ["guest"],
    fields: () => ({
      fullName: text("Fuzz Person"),
      email: fc.emailAddress(),
      password: text("Velvet-Lantern-43"),
      confirmPassword: text("Velvet-Lantern-43"),
      redirectTo: text("/cart", "/account"),
    }),
  },
  login: {
    path: () => fc.constant("/login"),
    actors: ["guest"],
    fields: () => ({ email: fc.emailAddress(), password: text("Velvet-Lantern-43"), remember: text("on", ""), redirectTo: text("/cart", "/") }),
  },
  logout: { path: () => fc.constant("/logout"), actors: ["guest"], fields: () => ({ intent: text("logout") }) },
  "forgot-password": { path: () => fc.constant("/forgot-password"), actors: ["guest"], fields: () => ({ email: fc.emailAddress() }) },
  "reset-password/:token?": {
    path: () => fc.oneof(fc.constant("/reset-password"), segment.map((t) => `/reset-password/${t}`)),
    actors: ["guest"],
    fields: () => ({ password: text("Velvet-Lantern-43"), confirmPassword: text("Velvet-Lantern-43"), token: text("A".repeat(43)) }),
  },
  account: { path: () => fc.constant("/account"), actors: ["other"], fields: profileFields },
  // Never the actor's real password: the fuzzer must not erase the account it runs as.
  "account/data": { path: () => fc.constant("/account/data"), actors: ["other"], fields: () => ({ intent: text("erase"), password: text("", "not-the-password") }) },
  // Random codes never confirm an enrolment, so two-factor never turns on for the fuzzer's actor.
  "account/two-factor": {
    path: () => fc.constant("/account/two-factor"),
    actors: ["other"],
    fields: () => ({ intent: text("confirm", "disable", "regenerate"), code: text("000000", "123456"), proof: text("", "not-the-password") }),
  },
  "login/two-factor": { path: () => fc.constant("/login/two-factor"), actors: ["guest"], fields: () => ({ code: text("000000", ""), redirectTo: text("/account", "/") }) },
  "verify-email/:token?": {
    path: () => fc.oneof(fc.constant("/verify-email"), segment.map((t) => `/verify-email/${t}`)),
    actors: ["guest", "other"],
    fields: () => ({ intent: text("verify", "resend") }),
  },
  "admin/orders": {
    path: () => fc.constant("/admin/orders"),
    actors: ["admin"],
    fields: (w) => ({
      intent: text("dispatch"),
      orderId: text(String(w.ids.pendingOrderId), "2000000000", "1"),
      trackingNumber: text("AB123456789GB"),
      currentTracking: text(""),
    }),
  },
  "admin/outbox": {
    path: () => fc.constant("/admin/outbox"),
    actors: ["admin", "customer"],
    fields: () => ({ intent: text("resend"), id: text("1", "2", "9000000000", "0") }),
  },
  "admin/products/new": {
    path: () => fc.constant("/admin/products/new"),
    actors: ["admin", "customer"],
    fields: () => productFields(),
  },
  "admin/products/:id": {
    path: (w) => fc.oneof(fc.constant(`/admin/products/${w.ids.productId}`), fc.constant("/admin/products/2000000000"), segment.map((s) => `/admin/products/${s}`)),
    actors: ["admin", "customer"],
    fields: (w) => ({
      ...productFields(),
      intent: text("save", "adjust-stock", "remove-variant", "delete", "variants", "add-variant"),
      variantId: text(String(w.ids.variantId), "2000000000", "0"),
      mode: text("set", "delta"),
      amount: text("5", "-1", "0", "9999999"),
      reason: text("count", "other", ""),
      note: text("", "counted"),
      confirm: text("yes", ""),
    }),
  },
  "admin/singles/new": {
    path: () => fc.oneof(fc.constant("/admin/singles/new"), fc.constant("/admin/singles/new?card=1")),
    actors: ["admin", "customer"],
    fields: () => ({
      cardId: text("1", "2000000000", "0"),
      language: text("en", "ja", "xx"),
      categoryId: text("", "1", "2000000000"),
      "nm.holo.on": text("on", ""),
      "nm.holo.qty": text("1", "0", "-1", "10000"),
      "nm.holo.price": text("12.50", "£1,250", "0", "12,50"),
      "nm.holo.member": text("", "11.00", "99"),
      "g0.on": text("", "on"),
      "g0.grader": text("psa", "nope"),
      "g0.grade": text("10", "11"),
      "g0.qty": text("1"),
      "g0.price": text("100"),
    }),
  },
  "admin/products/import": {
    path: () => fc.constant("/admin/products/import"),
    actors: ["admin", "customer"],
    fields: () => ({
      intent: text("dry-run", "apply"),
      payload: text("", "H4sIAAAAAAAAA0tMTAIAAAD//w==", "bm90IGd6aXA="),
      fingerprint: text("0".repeat(64), ""),
      fileName: text("products.csv", ""),
    }),
  },
  "admin/products/import/check": {
    path: () => fc.constant("/admin/products/import/check"),
    actors: ["admin", "customer"],
    fields: () => ({
      intent: text("dry-run", "apply"),
      payload: text("", "bm90IGd6aXA="),
      fingerprint: text("0".repeat(64), ""),
    }),
  },
  "admin/buylist/settings": {
    path: () => fc.constant("/admin/buylist/settings"),
    actors: ["admin", "customer"],
    fields: (w) => ({
      intent: text("save-settings", "save-card", "remove-card"),
      rate_nm: text("80", "82.5", "101", "-1", "x"),
      rate_lp: text("70"),
      rate_mp: text("55"),
      rate_hp: text("35"),
      rate_dmg: text("20", "0"),
      creditBonus: text("20", "100.5", ""),
      minLineValue: text("0.50", "£1", "100.01", "0,5"),
      quoteValidDays: text("7", "0", "61", "1.5"),
      labelThreshold: text("150", "150.00", "1e3"),
      buyUnlistedCards: text("yes", "no", "maybe"),
      maxLines: text("200", "0", "501"),
      cardId: text(String(w.ids.sellList.cardId), "0", "2147483648", "999999"),
      buying: text("yes", "no", "true"),
      wantedQuantity: text("", "4", "-1", "100001"),
      maxPerSubmission: text("", "1", "0"),
      hotPremium: text("", "10", "100.01", "x"),
      note: text("", "Wanted for the case"),
    }),
  },
  "admin/drops/:id/draw": {
    path: () => fc.oneof(text("/admin/drops/1/draw", "/admin/drops/2147483648/draw"), segment.map((s) => `/admin/drops/${s}/draw`)),
    actors: ["admin", "customer"],
    fields: () => ({ intent: text("run-draw", "run", "") }),
  },
  "admin/buylist/:id": {
    path: (w) => fc.oneof(text(`/admin/buylist/${w.ids.sellList.submissionId}`), segment.map((s) => `/admin/buylist/${s}`)),
    actors: ["admin", "customer"],
    fields: (w) => ({
      intent: text("review-line", "quote", "reject", "receive", "grade-line", "finish-grading", "pay", "return", "remove-label"),
      lineId: text(String(w.ids.sellList.lineId), "0", "2147483648", "x"),
      decision: text("accept", "reject", "maybe"),
      condition: text("nm", "mp", "mint"),
      unitPrice: text("", "12.50", "-1", "£1,000", "99999999"),
      note: text("", "Whitening on the back."),
      reason: text("", "Not what we buy."),
      receivedQuantity: text("1", "0", "-1", "2"),
      receivedCondition: text("nm", "dmg", ""),
      payout: text("credit", "cash", "cheque"),
      method: text("paypal", "bank_transfer", ""),
      reference: text("", "PP-123"),
      paidOn: text("24/12/2026", "31/02/2026", ""),
      restock: text("on", ""),
    }),
  },
  "admin/buylist/:id/label": {
    path: (w) => fc.oneof(text(`/admin/buylist/${w.ids.sellList.submissionId}/label`), segment.map((s) => `/admin/buylist/${s}/label`)),
    actors: ["admin", "customer"],
    fields: () => ({ label: text("", "%PDF-1.4"), intent: text("upload") }),
  },
  "admin/pricing": {
    path: () => fc.constant("/admin/pricing"),
    actors: ["admin", "customer"],
    fields: () => ({
      intent: text("save-rules", "apply", "pin", "unpin"),
      figure: text("trend", "avg7"),
      eurToGbp: text("0.85", "1"),
      condition_nm: text("100"),
      condition_lp: text("85"),
      condition_mp: text("70"),
      condition_hp: text("50"),
      condition_dmg: text("30"),
      floor: text("0.25", "0"),
      endings: text("49, 99", ""),
      memberDiscount: text("10", ""),
      fingerprint: text("0".repeat(64), ""),
      variantId: text("1", "2000000000"),
    }),
  },
  "admin/languages": {
    path: () => fc.constant("/admin/languages"),
    actors: ["admin", "customer"],
    fields: () => ({ intent: text("create", "move", "visibility"), ...taxonomyFields() }),
  },
  "admin/languages/:id": {
    path: (w) => fc.oneof(fc.constant(`/admin/languages/${w.ids.languageId}`), segment.map((id) => `/admin/languages/${id}`)),
    actors: ["admin", "customer"],
    fields: () => ({ intent: text("save", "create-category", "move", "visibility"), ...taxonomyFields() }),
  },
  "admin/categories/:id": {
    path: (w) => fc.oneof(fc.constant(`/admin/categories/${w.ids.categoryId}`), segment.map((id) => `/admin/categories/${id}`)),
    actors: ["admin", "customer"],
    fields: () => ({ intent: text("save", "move", "visibility"), ...taxonomyFields() }),
  },
  "admin/preorders": {
    path: () => fc.constant("/admin/preorders"),
    actors: ["admin", "customer"],
    fields: (w) => ({ intent: text("open", "release"), variantId: text(String(w.ids.preorderVariantId), String(w.ids.variantId), "0", "2000000000"), allocation: text("0", "5", "100001", "-1") }),
  },
  "admin/preorders/:variantId": {
    path: (w) => fc.oneof(fc.constant(`/admin/preorders/${w.ids.preorderVariantId}`), segment.map((id) => `/admin/preorders/${id}`)),
    actors: ["admin", "customer"],
    fields: () => ({
      intent: text("allocation", "delivery", "shortfall", "release"),
      allocation: text("0", "3", "100001"),
      units: text("1", "0", "100000"),
      choice: text("refund", "wait", "both"),
    }),
  },
  alerts: {
    path: () => fc.constant("/alerts"),
    actors: ["guest", "other"],
    fields: (w) => ({ intent: text("subscribe", "cancel"), productId: text(String(w.ids.preorderProductId), String(w.ids.productId), "0"), slug: text(w.ids.preorderProductSlug, "x") }),
  },
  "alerts/:token": {
    path: (w) => fc.oneof(fc.constant(`/alerts/${w.ids.alertToken}`), segment.map((t) => `/alerts/${t}`)),
    actors: ["guest"],
    fields: () => ({}),
  },
  "admin/coupons/new": {
    path: () => fc.constant("/admin/coupons/new"),
    actors: ["admin", "customer"],
    fields: () => couponFields(),
  },
  "admin/coupons/:code": {
    path: (w) => fc.oneof(fc.constant(`/admin/coupons/${w.ids.couponCode}`), segment.map((code) => `/admin/coupons/${code}`)),
    actors: ["admin", "customer"],
    fields: () => ({ ...couponFields(), intent: text("save", "deactivate", "activate") }),
  },
  // Never a valid drop (every start offered is past or malformed), so each of these is refused.
  "admin/drops/new": {
    path: (w) => fc.oneof(fc.constant(`/admin/drops/new?product=${w.ids.productId}`), segment.map((id) => `/admin/drops/new?product=${id}`)),
    actors: ["admin", "customer"],
    fields: () => dropFields(),
  },
  "admin/drops/:id": {
    path: () => fc.oneof(fc.constant("/admin/drops/2000000000"), segment.map((id) => `/admin/drops/${id}`)),
    actors: ["admin", "customer"],
    fields: () => ({ ...dropFields(), intent: text("save", "call-off"), confirm: text("yes", "no", "") }),
  },
  "drops/:id": {
    path: () => fc.oneof(fc.constant("/drops/2000000000"), segment.map((id) => `/drops/${id}`)),
    actors: ["other", "guest"],
    fields: () => ({ altcha: text("", "e30=", "bm90IGpzb24=") }),
  },
  "admin/orders/:id": {
    path: (w) =>
      fc.oneof(
        fc.constant(`/admin/orders/${w.ids.paidOrderId}`),
        fc.constant(`/admin/orders/${w.ids.pendingOrderId}`),
        segment.map((id) => `/admin/orders/${id}`),
      ),
    actors: ["admin"],
    fields: () => ({
      intent: text("refund", "cancel"),
      requestKey: text("fuzz-request-key-000001", "short"),
      mode: text("full", "less-fee", "amount"),
      refund: text("none", "full", "less-fee", "amount"),
      amount: text("1.00", "12.50", "99999.99", "-1", "1e3"),
      reason: text("Out of stock", ""),
      restock: text("1", "2000000000"),
      destination: text("original", "credit", "bank"),
    }),
  },
  "admin/customers/:id": {
    path: (w) =>
      fc.oneof(
        fc.constant(`/admin/customers/${w.ids.bystanderId}`),
        fc.constant(`/admin/customers/${w.userIds.admin}`),
        uuid.map((id) => `/admin/customers/${id}`),
        segment.map((id) => `/admin/customers/${id}`),
      ),
    actors: ["admin", "customer"],
    fields: () => ({
      intent: text("grant-admin", "revoke-admin", "adjust-credit"),
      amount: text("5", "-2.50", "0", "1e3", "99999999"),
      reason: text("Goodwill", ""),
      requestKey: text("fuzz-request-key-0001", "short"),
    }),
  },
  "admin/products/:id/images": {
    path: (w) => fc.oneof(fc.constant(`/admin/products/${w.ids.productId}/images`), segment.map((id) => `/admin/products/${id}/images`)),
    actors: ["admin", "customer"],
    fields: () => ({
      intent: text("move-up", "move-down", "alt", "delete", "upload"),
      imageId: text("1", "2000000000", "0", "-1"),
      alt: text("", "Front of the box", "x".repeat(300)),
    }),
  },
  "admin/products/:id/images/upload": {
    path: (w) => fc.oneof(fc.constant(`/admin/products/${w.ids.productId}/images/upload`), segment.map((id) => `/admin/products/${id}/images/upload`)),
    actors: ["admin", "customer"],
    fields: () => ({ images: text("photo.jpg", ""), intent: text("upload") }),
  },
  checkout: {
    path: () => fc.constant("/checkout"),
    actors: ["other"],
    fields: () => ({ couponCode: text("", "WELCOME10", "NOSUCHCODE"), useCredit: text("1", "0", "on"), creditAmount: text("", "5", "-1", "1e3", "99999999999", "0") }),
    refused: (answer) => /checkoutError=/.test(answer.location ?? answer.dataRedirect ?? ""),
  },
  "sandbox/checkout/:sessionId": {
    path: (w) => fc.oneof(fc.constant(`/sandbox/checkout/${w.ids.openSessionId}`), segment.map((id) => `/sandbox/checkout/${id}`)),
    actors: ["customer", "other"],
    // Never a paying or declining card: the fuzzer must not close A's checkout.
    fields: () => ({ cardNumber: text("1234", "abcd", "") }),
  },
  "sandbox/subscription/:sessionId": {
    path: (w) => fc.oneof(fc.constant(`/sandbox/subscription/${w.ids.signupSessionId}`), segment.map((id) => `/sandbox/subscription/${id}`)),
    actors: ["customer", "other"],
    fields: () => ({ cardNumber: text("1234", "abcd", "") }),
  },
  "sandbox/portal/:portalId": {
    path: (w) => fc.oneof(fc.constant(`/sandbox/portal/${w.ids.portalId}`), segment.map((id) => `/sandbox/portal/${id}`)),
    actors: ["pro", "other"],
    fields: (w) => ({ intent: text("resume", "cancel"), subscriptionId: text(w.ids.proSubscriptionId, `sub_sbx_${"0".repeat(24)}`) }),
  },
  pro: {
    path: () => fc.constant("/pro"),
    actors: ["customer", "guest"],
    fields: () => ({ intent: text("subscribe", "manage"), plan: text("monthly", "quarterly"), attempt: uuid }),
  },
  "api/stripe/webhook": {
    path: () => fc.constant("/api/stripe/webhook"),
    actors: ["guest"],
    fields: () => ({ id: text("evt_1"), type: text("checkout.session.completed", "invoice.paid") }),
  },
};

/** Routes whose actions are not forms (fuzzed below with raw bodies). */
const RAW_BODY_ROUTES = new Set(["api/stripe/webhook"]);

describe.runIf(hasBuild)("fuzzing every form action", () => {
  for (const [route, form] of Object.entries(FORMS)) {
    for (const actor of form.actors) {
      it(`${route} as ${actor}: never a 5xx, refusals write nothing`, async () => {
        const cookie = world.cookies[actor];
        const arbitrary = RAW_BODY_ROUTES.has(route)
          ? fc.tuple(
              form.path(world),
              fc.oneof(hostile, fc.json(), fc.jsonValue().map((v) => JSON.stringify(v))).map(printable),
              // A header value is bytes: printable ASCII, as any HTTP client can send.
              fc.option(fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((n) => String.fromCharCode(n)), maxLength: 200 })),
              fc.boolean(),
            )
          : fc.tuple(form.path(world), formArbitrary(form.fields(world)).map(printable), fc.constant(null), fc.boolean(), fc.option(junkCookies, { freq: 4 }));
        await fc.assert(
          fc.asyncProperty(arbitrary, async ([path, { body }, signature, asData, junk]) => {
            const target = asData && !RAW_BODY_ROUTES.has(route) ? dataPathOf(path) : path;
            const headers: Record<string, string> = RAW_BODY_ROUTES.has(route) ? { "Content-Type": "application/json" } : {};
            if (signature !== null && signature !== "") headers["Stripe-Signature"] = signature;
            const before = await counts();
            const answer = await send("POST", target, { cookie: junk ?? cookie, form: body, headers });
            const request = describeRequest("POST", target, body) + ` as ${actor}`;
            checkNoServerError(answer, request);
            if (answer.status >= 400 || form.refused?.(answer)) expect(await counts(), `${request} → ${answer.status} wrote rows`).toEqual(before);
          }),
          { seed: SEED, numRuns: RUNS, endOnFailure: true },
        );
      });
    }
  }
});

function dataPathOf(path: string): string {
  const url = new URL(path, "http://x");
  return `${url.pathname === "/" ? "/_root" : url.pathname.replace(/\/$/, "")}.data${url.search}`;
}

// ---- Query strings and path parameters ------------------------------------------------------

/** Every GET route: its path (with hostile path parameters) and the query names it reads. */
interface Query {
  paths: (w: ShopWorld) => fc.Arbitrary<string>;
  params: string[];
  actor: Actor;
  /** Paths with query strings always sent (before the random ones): values that once broke the route. */
  always?: (w: ShopWorld) => string[];
}

const QUERIES: Record<string, Query> = {
  "sell-cards/list": { paths: () => fc.constant("/sell-cards/list"), params: ["find", "done"], actor: "other" },
  "sell/photos/:file": { paths: () => fc.oneof(text(`/sell/photos/${"0f".repeat(16)}-320.webp`), segment.map((s) => `/sell/photos/${s}`)), params: [], actor: "other" },
  "account/sell-lists/:id": { paths: (w) => fc.oneof(text(`/account/sell-lists/${w.ids.sellListId}`), segment.map((s) => `/account/sell-lists/${s}`)), params: ["token", "done", "submitted"], actor: "customer", always: (w) => ["__proto__", "constructor", "toString", "hasOwnProperty"].map((done) => `/account/sell-lists/${w.ids.sellListId}?done=${done}`) },
  "account/sell-lists/:id/label": { paths: (w) => fc.oneof(text(`/account/sell-lists/${w.ids.sellListId}/label`), segment.map((s) => `/account/sell-lists/${s}/label`)), params: [], actor: "customer" },
  "/": { paths: () => fc.constant("/"), params: ["page"], actor: "guest" },
  "sell-cards": { paths: () => fc.constant("/sell-cards"), params: [], actor: "guest" },
  terms: { paths: () => fc.constant("/terms"), params: [], actor: "guest" },
  privacy: { paths: () => fc.constant("/privacy"), params: [], actor: "guest" },
  delivery: { paths: () => fc.constant("/delivery"), params: [], actor: "guest" },
  refund: { paths: () => fc.constant("/refund"), params: [], actor: "guest" },
  cookies: { paths: () => fc.constant("/cookies"), params: [], actor: "guest" },
  "images/art/:kind/:file": { paths: () => fc.tuple(fc.oneof(text("booster-box"), segment), segment).map(([k, f]) => `/images/art/${k}/${f}.svg`), params: [], actor: "guest" },
  wholesale: { paths: () => fc.constant("/wholesale"), params: [], actor: "guest" },
  "admin/wholesale-applications": { paths: () => fc.constant("/admin/wholesale-applications"), params: ["application"], actor: "admin" },
  cart: { paths: () => fc.constant("/cart"), params: ["checkoutError", "item"], actor: "other" },
  register: { paths: () => fc.constant("/register"), params: ["redirectTo"], actor: "guest" },
  login: { paths: () => fc.constant("/login"), params: ["redirectTo", "registered", "reset"], actor: "guest" },
  logout: { paths: () => fc.constant("/logout"), params: [], actor: "guest" },
  "forgot-password": { paths: () => fc.constant("/forgot-password"), params: [], actor: "guest" },
  "reset-password/:token?": { paths: () => fc.oneof(fc.constant("/reset-password"), segment.map((t) => `/reset-password/${t}`)), params: ["token"], actor: "guest" },
  account: { paths: () => fc.constant("/account"), params: ["tab", "edit", "saved"], actor: "other" },
  "account/data": { paths: () => fc.constant("/account/data"), params: [], actor: "other" },
  "account/data/download": { paths: () => fc.constant("/account/data/download"), params: [], actor: "other" },
  "account/erased": { paths: () => fc.constant("/account/erased"), params: [], actor: "guest" },
  "account/two-factor": { paths: () => fc.constant("/account/two-factor"), params: ["required"], actor: "other" },
  "account/store-credit": { paths: () => fc.constant("/account/store-credit"), params: ["before"], actor: "other" },
  "login/two-factor": { paths: () => fc.constant("/login/two-factor"), params: ["redirectTo"], actor: "guest" },
  "verify-email/:token?": { paths: () => fc.oneof(fc.constant("/verify-email"), segment.map((t) => `/verify-email/${t}`)), params: [], actor: "other" },
  "admin/outbox": { paths: () => fc.constant("/admin/outbox"), params: ["status", "page"], actor: "admin" },
  admin: { paths: () => fc.constant("/admin"), params: ["days", "metric"], actor: "admin" },
  "admin/audit": { paths: () => fc.constant("/admin/audit"), params: ["actor", "action", "entityType", "entityId", "from", "to", "page"], actor: "admin" },
  "admin/orders": { paths: () => fc.constant("/admin/orders"), params: ["status", "page", "q", "customer", "product", "from", "to"], actor: "admin" },
  "admin/orders/:id": { paths: (w) => fc.oneof(text(`/admin/orders/${w.ids.paidOrderId}`), segment.map((s) => `/admin/orders/${s}`)), params: [], actor: "admin" },
  "admin/orders/:id/packing-slip": { paths: (w) => fc.oneof(text(`/admin/orders/${w.ids.paidOrderId}/packing-slip`), segment.map((s) => `/admin/orders/${s}/packing-slip`)), params: [], actor: "admin" },
  "admin/orders/:id/label": { paths: (w) => fc.oneof(text(`/admin/orders/${w.ids.paidOrderId}/label`), segment.map((s) => `/admin/orders/${s}/label`)), params: [], actor: "admin" },
  "admin/products": {
    paths: () => fc.constant("/admin/products"),
    params: ["q", "language", "category", "visibility", "stock", "kind", "sort", "page", "done"],
    actor: "admin",
  },
  "admin/products/new": { paths: () => fc.constant("/admin/products/new"), params: [], actor: "admin" },
  "admin/products/:id": {
    paths: (w) => fc.oneof(text(`/admin/products/${w.ids.productId}`), segment.map((s) => `/admin/products/${s}`)),
    params: ["done", "history", "delete"],
    actor: "admin",
  },
  "admin/singles": { paths: () => fc.constant("/admin/singles"), params: ["page"], actor: "admin" },
  "admin/singles/new": { paths: () => fc.constant("/admin/singles/new"), params: ["q", "card", "listed"], actor: "admin" },
  "admin/pricing": { paths: () => fc.constant("/admin/pricing"), params: ["page"], actor: "admin" },
  "admin/languages": { paths: () => fc.constant("/admin/languages"), params: ["done", "id"], actor: "admin" },
  "admin/languages/:id": { paths: (w) => fc.oneof(text(`/admin/languages/${w.ids.languageId}`), segment.map((s) => `/admin/languages/${s}`)), params: ["done", "category"], actor: "admin" },
  "admin/categories/:id": { paths: (w) => fc.oneof(text(`/admin/categories/${w.ids.categoryId}`), segment.map((s) => `/admin/categories/${s}`)), params: ["done"], actor: "admin" },
  "admin/products/export.csv": { paths: () => fc.constant("/admin/products/export.csv"), params: ["q", "language", "category", "visibility", "stock", "kind"], actor: "admin" },
  "admin/products/import": { paths: () => fc.constant("/admin/products/import"), params: [], actor: "admin" },
  "admin/products/import/check": { paths: () => fc.constant("/admin/products/import/check"), params: [], actor: "admin" },
  "admin/coupons": { paths: () => fc.constant("/admin/coupons"), params: [], actor: "admin" },
  "admin/drops": { paths: () => fc.constant("/admin/drops"), params: [], actor: "admin" },
  "admin/drops/new": { paths: (w) => fc.oneof(text(`/admin/drops/new?product=${w.ids.productId}`), fc.constant("/admin/drops/new")), params: ["product"], actor: "admin" },
  "admin/drops/:id": { paths: () => fc.oneof(text("/admin/drops/2000000000"), segment.map((s) => `/admin/drops/${s}`)), params: ["done"], actor: "admin" },
  "drops/:id": { paths: () => fc.oneof(text("/drops/2000000000"), segment.map((s) => `/drops/${s}`)), params: [], actor: "other" },
  "drops/:id/status": { paths: () => fc.oneof(text("/drops/2000000000/status"), segment.map((s) => `/drops/${s}/status`)), params: [], actor: "other" },
  "admin/preorders": { paths: () => fc.constant("/admin/preorders"), params: [], actor: "admin" },
  "admin/preorders/:variantId": { paths: (w) => fc.oneof(text(`/admin/preorders/${w.ids.preorderVariantId}`), segment.map((s) => `/admin/preorders/${s}`)), params: ["done"], actor: "admin" },
  alerts: { paths: () => fc.constant("/alerts"), params: [], actor: "guest" },
  "alerts/:token": { paths: (w) => fc.oneof(text(`/alerts/${w.ids.alertToken}`), segment.map((s) => `/alerts/${s}`)), params: [], actor: "guest" },
  "admin/coupons/new": { paths: () => fc.constant("/admin/coupons/new"), params: [], actor: "admin" },
  "admin/coupons/:code": { paths: (w) => fc.oneof(text(`/admin/coupons/${w.ids.couponCode}`), segment.map((s) => `/admin/coupons/${s}`)), params: ["done"], actor: "admin" },
  "admin/customers": { paths: () => fc.constant("/admin/customers"), params: ["q", "page"], actor: "admin" },
  "admin/customers/:id": { paths: (w) => fc.oneof(text(`/admin/customers/${w.userIds.customer}`), segment.map((s) => `/admin/customers/${s}`)), params: ["done"], actor: "admin" },
  "admin/products/:id/images": {
    paths: (w) => fc.oneof(text(`/admin/products/${w.ids.productId}/images`), segment.map((s) => `/admin/products/${s}/images`)),
    params: ["done"],
    actor: "admin",
  },
  "admin/products/:id/images/upload": {
    paths: (w) => fc.oneof(text(`/admin/products/${w.ids.productId}/images/upload`), segment.map((s) => `/admin/products/${s}/images/upload`)),
    params: [],
    actor: "admin",
  },
  "admin/buylist": { paths: () => fc.constant("/admin/buylist"), params: ["status", "q", "page"], actor: "admin" },
  "admin/buylist/settings": { paths: () => fc.constant("/admin/buylist/settings"), params: ["q"], actor: "admin" },
  "admin/buylist/:id": {
    paths: (w) => fc.oneof(text(`/admin/buylist/${w.ids.sellList.submissionId}`), segment.map((s) => `/admin/buylist/${s}`)),
    params: ["done", "label"],
    actor: "admin",
  },
  "admin/drops/:id/draw": { paths: () => fc.oneof(text("/admin/drops/1/draw"), segment.map((s) => `/admin/drops/${s}/draw`)), params: [], actor: "admin" },
  "drops/:id/draw": { paths: () => fc.oneof(text("/drops/1/draw", "/drops/0/draw"), segment.map((s) => `/drops/${s}/draw`)), params: [], actor: "guest" },
  "admin/buylist/:id/label": {
    paths: (w) => fc.oneof(text(`/admin/buylist/${w.ids.sellList.submissionId}/label`), segment.map((s) => `/admin/buylist/${s}/label`)),
    params: [],
    actor: "admin",
  },
  "media/products/:file": {
    paths: () => fc.oneof(text(`/media/products/${"0f".repeat(16)}-320.webp`), segment.map((s) => `/media/products/${s}`)),
    params: [],
    actor: "guest",
  },
  checkout: { paths: () => fc.constant("/checkout"), params: [], actor: "other" },
  "checkout/cancel": { paths: () => fc.constant("/checkout/cancel"), params: ["order", "token"], actor: "other" },
  "sandbox/checkout/:sessionId": { paths: (w) => fc.oneof(text(`/sandbox/checkout/${w.ids.openSessionId}`), segment.map((s) => `/sandbox/checkout/${s}`)), params: [], actor: "customer" },
  "order/success": { paths: () => fc.constant("/order/success"), params: ["session_id"], actor: "customer" },
  "api/stripe/webhook": { paths: () => fc.constant("/api/stripe/webhook"), params: [], actor: "guest" },
  pro: { paths: () => fc.constant("/pro"), params: ["session_id", "cancelled"], actor: "customer" },
  "sandbox/subscription/:sessionId": { paths: () => segment.map((s) => `/sandbox/subscription/${s}`), params: [], actor: "customer" },
  "sandbox/portal/:portalId": { paths: () => segment.map((s) => `/sandbox/portal/${s}`), params: [], actor: "pro" },
  "language/:slug": { paths: (w) => fc.oneof(text(`/language/${w.ids.languageSlug}`), segment.map((s) => `/language/${s}`)), params: ["page"], actor: "guest" },
  "category/:slug": { paths: (w) => fc.oneof(text(`/category/${w.ids.categorySlug}`), segment.map((s) => `/category/${s}`)), params: ["page"], actor: "guest" },
  "products/:slug": {
    paths: (w) => fc.oneof(text(`/products/${w.ids.productSlug}`), segment.map((s) => `/products/${s}`)),
    params: ["condition", "printing", "language", "grader", "grade"],
    actor: "guest",
  },
  search: { paths: () => fc.constant("/search"), params: ["q", "page", "rarity", "condition", "printing", "instock", "min", "max", "sort"], actor: "guest" },
  sets: { paths: () => fc.constant("/sets"), params: [], actor: "guest" },
  "sets/:code": {
    paths: () => fc.oneof(fc.constantFrom("/sets/base1", "/sets/sv3pt5"), segment.map((s) => `/sets/${s}`)),
    params: ["page", "rarity", "condition", "printing", "instock", "min", "max", "sort", "show"],
    actor: "guest",
  },
  "sitemap.xml": { paths: () => fc.constant("/sitemap.xml"), params: [], actor: "guest" },
  "sitemap/:file": { paths: () => segment.map((s) => `/sitemap/${s}`), params: [], actor: "guest" },
  "robots.txt": { paths: () => fc.constant("/robots.txt"), params: [], actor: "guest" },
  "*": { paths: () => fc.array(segment, { minLength: 1, maxLength: 3 }).map((parts) => `/${parts.join("/")}`), params: [], actor: "guest" },
};

/** A query string: the route's own names with hostile values, repeated, broken, plus strangers. */
function queryArbitrary(names: string[]): fc.Arbitrary<string> {
  const name = fc.oneof(fc.constantFrom(...names, "page", "_data", "index", "__proto__"), fc.string({ maxLength: 8 }).map(withoutNul));
  const value = fc.oneof(hostile.map((v) => encodeURIComponent(wellFormed(v.slice(0, 2000)))), rawEncoded);
  return fc.array(fc.tuple(name, value), { maxLength: 5 }).map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${v}`).join("&"));
}

/** Cookie values a client can send (visible ASCII but ";"), for the shop's session and guest-cart cookies and strangers. */
const cookieValue = fc.oneof(
  fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).filter((n) => n !== 0x3b).map((n) => String.fromCharCode(n)), maxLength: 120 }),
  fc.constantFrom("", "null", "undefined", "%00", "x".repeat(4000), "=", '"quoted"', "a=b=c"),
);
const junkCookies = fc
  .array(fc.tuple(fc.constantFrom(SESSION_COOKIE, GUEST_CART_COOKIE, "nm_other", "__proto__"), cookieValue), { minLength: 1, maxLength: 3 })
  .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join("; "));

describe("the fuzzer covers every route", () => {
  it("lists every route of app/routes.ts (forms and queries)", async () => {
    const { default: nested } = await import("../../app/routes");
    // Layout routes (the back office's frame) have no path of their own: their children are the routes.
    const config = nested.flatMap((entry) => (entry.path === undefined && !entry.index ? (entry.children ?? []) : [entry]));
    const keys = config.map((entry) => (entry.index ? "/" : entry.path!));
    expect(keys.filter((key) => !(key in QUERIES)), "routes without a query fuzzer").toEqual([]);
    const routeModules = import.meta.glob<Record<string, unknown>>("../../app/routes/*.{ts,tsx}");
    for (const entry of config) {
      const mod = await routeModules[`../../app/${entry.file}`]!();
      const key = entry.index ? "/" : entry.path!;
      if (typeof mod.action === "function") expect(key in FORMS, `${key} has an action but no form fuzzer`).toBe(true);
    }
  });
});

describe.runIf(hasBuild)("fuzzing every query string and path parameter", () => {
  for (const [route, query] of Object.entries(QUERIES)) {
    it(`GET ${route}: never a 5xx, never a redirect out of the shop`, async () => {
      const cookie = world.cookies[query.actor];
      for (const path of query.always?.(world) ?? []) {
        for (const target of [path, dataPathOf(path)]) {
          const answer = await send("GET", target, { cookie });
          checkNoServerError(answer, `GET ${target} as ${query.actor}`);
          expect(answer.status, `GET ${target} as ${query.actor}`).toBe(200);
        }
      }
      const arbitrary = fc.tuple(query.paths(world), queryArbitrary(query.params), fc.boolean(), fc.option(junkCookies, { freq: 4 }));
      await fc.assert(
        fc.asyncProperty(arbitrary, async ([path, search, asData, junk]) => {
          const target = (asData ? dataPathOf(path) : path) + (search ? `?${search}` : "");
          // Now and then the shop's cookies forged or mangled (as a guest: a forged session is a guest).
          const answer = await send("GET", target, { cookie: junk ?? cookie });
          checkNoServerError(answer, `GET ${target} as ${query.actor}`);
        }),
        { seed: SEED, numRuns: Math.ceil(RUNS / 2), endOnFailure: true },
      );
    });
  }
});

/**
 * The webhook past its signature check: events signed with the shop's own secret (so only
 * Stripe could send them) whose objects hold hostile values. A 500 asks Stripe to retry for
 * days, so a malformed event must be answered 200 (ignored) or 400, never 500; database
 * outages may still answer 500 (handlePaymentWebhook), which this test does not provoke.
 */
describe.runIf(hasBuild)("fuzzing signed Stripe events", () => {
  const WEBHOOK_SECRET = "whsec_fuzz";
  let fake: StripeFake;
  let stripeApp: RunningApp;
  let stripeSend: ReturnType<typeof makeClient>;
  beforeAll(async () => {
    fake = await startStripeFake();
    stripeApp = await startApp(database.db, {
      STRIPE_SECRET_KEY: "sk_test_fuzz",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: fake.url,
      STRIPE_PRICE_MONTHLY: "price_monthly_fuzz",
      STRIPE_PRICE_QUARTERLY: "price_quarterly_fuzz",
    });
    stripeSend = makeClient(stripeApp);
  });
  afterAll(async () => {
    await stripeApp?.close();
    await fake?.close();
  });

  const anyJson: fc.Arbitrary<unknown> = fc.oneof(hostile, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.jsonValue({ maxDepth: 2 }));
  /**
   * Ids the shop looks up at Stripe (a subscription, the object's own id): hostile but of a size Stripe's ids
   * have. A lookup that fails upstream answers 500 on purpose (Stripe retries); a 16 KB id only
   * made the local Stripe fake refuse the URL.
   */
  const lookupId: fc.Arbitrary<unknown> = fc.oneof(anyJson.filter((v) => typeof v !== "string" || v.length <= 200), fc.constantFrom("sub_fuzz", "cus_fuzz", "pi_fuzz"));
  const stripeObject = fc.record(
    {
      id: fc.oneof(fc.constantFrom("cs_test_fuzz", "sub_fuzz", "in_fuzz", "ch_fuzz", "pi_fuzz"), lookupId),
      object: fc.oneof(fc.constantFrom("checkout.session", "subscription", "invoice", "charge", "payment_intent"), anyJson),
      mode: fc.oneof(fc.constantFrom("payment", "subscription"), anyJson),
      status: fc.oneof(fc.constantFrom("complete", "open", "expired", "active", "canceled", "past_due", "paid"), anyJson),
      payment_status: fc.oneof(fc.constantFrom("paid", "unpaid"), anyJson),
      amount_total: anyJson,
      amount_paid: anyJson,
      currency: fc.oneof(fc.constant("gbp"), anyJson),
      client_reference_id: anyJson,
      customer: lookupId,
      subscription: lookupId,
      payment_intent: lookupId,
      current_period_end: anyJson,
      cancel_at_period_end: anyJson,
      metadata: fc.dictionary(fc.constantFrom("orderId", "order_id", "userId", "user_id", "planType", "plan", "attempt", "kind"), anyJson),
      items: anyJson,
      lines: anyJson,
    },
    { requiredKeys: [] },
  );
  const eventType = fc.oneof(
    fc.constantFrom(
      "checkout.session.completed",
      "checkout.session.async_payment_succeeded",
      "checkout.session.async_payment_failed",
      "checkout.session.expired",
      "customer.subscription.created",
      "customer.subscription.updated",
      "customer.subscription.deleted",
      "invoice.paid",
      "invoice.payment_succeeded",
      "invoice.payment_failed",
      "charge.refunded",
    ),
    // Types are Stripe's own names, never customer text: no NUL here (the objects may have one).
    fc.string({ maxLength: 30 }).map((type) => type.replaceAll("\0", "")),
  );

  it("records and answers a signed event with a NUL in a customer's text (jsonb cannot store U+0000)", async () => {
    const object = { id: "cs_test_nul", object: "checkout.session", mode: "payment", status: "expired", customer_details: { name: "Ash\u0000Ketchum" }, metadata: {} };
    const { id, payload, header } = fake.signedEvent("checkout.session.expired", object, WEBHOOK_SECRET);
    const answer = await stripeSend("POST", "/api/stripe/webhook", { form: payload, headers: { "Content-Type": "application/json", "Stripe-Signature": header } });
    expect(answer.status, answer.body).toBe(200);
    const [row] = await database.db.select().from(paymentEvents).where(eq(paymentEvents.id, id));
    expect(JSON.stringify(row?.payload)).toContain("Ash\uFFFDKetchum");
  });

  it("refuses hostile bodies with forged or mangled signatures with 400 and records nothing", async () => {
    const signatureHeader = fc.oneof(
      fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((n) => String.fromCharCode(n)), maxLength: 200 }),
      fc.tuple(fc.integer(), fc.string({ unit: fc.constantFrom(..."0123456789abcdef"), maxLength: 64 })).map(([t, v1]) => `t=${t},v1=${v1}`),
      fc.constantFrom("", "t=", "v1=", "t=1,v1=", ",,,", "t=1,t=2,v1=a,v1=b"),
    );
    const body = fc.oneof(hostile, fc.json(), fc.jsonValue().map((v) => JSON.stringify(v))).map(printable);
    await fc.assert(
      fc.asyncProperty(body, fc.option(signatureHeader, { nil: undefined }), async ({ body: payload }, signature) => {
        const before = await counts();
        const headers: Record<string, string> = { "Content-Type": "application/json" };
        if (signature) headers["Stripe-Signature"] = signature;
        const answer = await stripeSend("POST", "/api/stripe/webhook", { form: payload, headers });
        expect(answer.status, describeRequest("POST", "/api/stripe/webhook", payload)).toBe(400);
        expect(await counts()).toEqual(before);
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  });

  it("never answers a signed event with a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(eventType, stripeObject, async (type, object) => {
        const { payload, header } = fake.signedEvent(type, object as Record<string, unknown>, WEBHOOK_SECRET);
        const answer = await stripeSend("POST", "/api/stripe/webhook", { form: payload, headers: { "Content-Type": "application/json", "Stripe-Signature": header } });
        checkNoServerError(answer, describeRequest("POST", "/api/stripe/webhook (signed)", payload));
      }),
      { seed: SEED, numRuns: RUNS * 2, endOnFailure: true },
    );
  });
});

/** Found by the query fuzzer: a guest's way back to a page was echoed into /login?redirectTo= whatever its length. */
describe.runIf(hasBuild)("the sign-in redirect for a long URL", () => {
  it("keeps the Location header small and still goes to /login", async () => {
    const search = `q=${encodeURIComponent("🃏".repeat(700))}&page=${"9".repeat(2000)}`;
    for (const path of [`/account?${search}`, `/sandbox/checkout/${"cs_sbx_"}${"0f".repeat(12)}?${search}`]) {
      const answer = await send("GET", path);
      expect(answer.status, path.slice(0, 40)).toBe(302);
      expect(new URL(answer.location!, app.base).pathname).toBe("/login");
      expect(answer.location!.length).toBeLessThan(8 * 1024);
    }
    const short = await send("GET", "/account?tab=orders");
    expect(short.location).toBe(`/login?redirectTo=${encodeURIComponent("/account?tab=orders")}`);
  });
});

/** Finding 6 (being fixed on another branch): a NUL byte in a slug or a form field. */
describe.runIf(hasBuild)("NUL bytes [finding 6]", () => {
  const cases: [string, string, string?][] = [
    ["GET", "/products/%00"],
    ["GET", "/category/%00"],
    ["GET", "/language/%00"],
    ["GET", "/products/%00.data"],
    // Not in the finding's list; found by this fuzzer with NUL_FIXED on.
    ["GET", "/images/art/booster-box/%00.svg"],
    ["POST", "/register", "fullName=a%00b&email=a%40example.test&password=Velvet-Lantern-43&confirmPassword=Velvet-Lantern-43"],
    ["POST", "/wholesale", "email=a%40example.test&contact_name=a%00b&platform_username=x&contact_number=07700900123&billing_address=x&delivery_address=x&company_type=sole_trader&company_name=x"],
  ];
  const runner = NUL_FIXED ? it : it.fails;
  runner.each(cases)("%s %s → 4xx", async (method, path, body) => {
    const answer = await send(method as "GET" | "POST", path, { form: body });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
  });
});

/**
 * Found by this fuzzer: when a page answers without reading the request body (a guard refuses
 * first: requireAdmin, requireUser, the sandbox page guard; or an action that takes no fields,
 * like /logout) and the body is bigger than the socket buffers (a few hundred KiB, well within
 * the 1 MiB cap), the unread rest stays in the kept-alive connection. The next request on that
 * connection gets no answer and is reset after the keep-alive timeout (about 6 s). Browsers
 * reuse connections, so the customer's next click stalls. The fix belongs in server/app.ts
 * (drain or close after an answer that left the body unread); flip the flag with it.
 */
const UNREAD_BODY_FIXED = true;
describe.runIf(hasBuild)("a request body the action never read", () => {
  (UNREAD_BODY_FIXED ? it : it.fails)("leaves the kept-alive connection usable for the next request", async () => {
    const { Agent, request } = await import("node:http");
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const url = new URL(app.base);
    const once = (method: string, path: string, body?: Buffer) =>
      new Promise<number>((resolve, reject) => {
        const headers: Record<string, string> = { Origin: app.base };
        if (body) Object.assign(headers, { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(body.length) });
        const req = request({ host: url.hostname, port: url.port, path, method, headers, agent, timeout: 3000 }, (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode!));
        });
        req.on("timeout", () => req.destroy(new Error(`${method} ${path}: no answer within 3 s`)));
        req.on("error", reject);
        req.end(body);
      });
    try {
      expect(await once("POST", "/sandbox/checkout/not-a-session", Buffer.from(`cardNumber=${"4".repeat(300_000)}`))).toBe(404);
      expect(await once("GET", "/robots.txt")).toBe(200);
    } finally {
      agent.destroy();
    }
  });
});
