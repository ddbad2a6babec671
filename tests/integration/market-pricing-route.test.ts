// /admin/pricing called as React Router calls it: admin only on loader and action; the rules
// form refuses bad values field by field (400) and saves nothing; apply answers 400/409/200; pins.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "~/config/constants";
import type { Db } from "~/db/client.server";
import { cards, categories, languages, pricingRules, productVariants, products, profiles, repricingRuns, sessions, users } from "~/db/schema";
import { importTcgdexPath } from "~/modules/cards/import.server";
import { importPriceGuideFile } from "~/modules/market/import.server";
import { DEFAULT_PRICING_RULES, RULE_MESSAGES, rulesToForm } from "~/modules/market/pricing-rules";
import { PRICING_MESSAGES, type PricingPageData } from "~/modules/market/repricing";
import * as adminPricing from "~/routes/admin-pricing";
import { formRequest, settle, testContext } from "../support/accounts";
import { createTestDatabase, type TestDatabase } from "../setup/database";

let database: TestDatabase;
let db: Db;
let admin: { id: string; cookie: string };
let customer: { id: string; cookie: string };
let variantId: number;

async function userWithSession(role: "customer" | "admin") {
  const email = `${role}-${randomUUID().slice(0, 8)}@example.test`;
  const [user] = await db.insert(users).values({ email, passwordHash: "not-used", role, emailVerifiedAt: new Date() }).returning({ id: users.id });
  await db.insert(profiles).values({ id: user!.id, fullName: `Test ${role}`, email });
  const token = randomBytes(32).toString("base64url");
  await db.insert(sessions).values({ tokenHash: createHash("sha256").update(token).digest("hex"), userId: user!.id, expiresAt: new Date(Date.now() + 3_600_000) });
  return { id: user!.id, cookie: `${SESSION_COOKIE}=${token}` };
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  admin = await userWithSession("admin");
  customer = await userWithSession("customer");
  await importTcgdexPath(db, "tests/fixtures/tcgdex/base1/base1.json");
  const [card] = await db.select().from(cards).where(eq(cards.tcgdexId, "base1-4"));
  const [language] = await db.insert(languages).values({ code: "en", name: "English", slug: "english", flagUrl: "/flags/gb.svg" }).returning();
  const [category] = await db.insert(categories).values({ name: "English Singles", slug: "english-singles", languageId: language!.id }).returning();
  const [product] = await db.insert(products).values({ name: "Charizard 4/102", slug: "charizard-4-102-base-set", categoryId: category!.id, kind: "single", cardId: card!.id }).returning();
  const [variant] = await db.insert(productVariants).values({ productId: product!.id, condition: "nm", printing: "holo", language: "en", price: 25_000, stock: 1 }).returning();
  variantId = variant!.id;
  await importPriceGuideFile(db, "tests/fixtures/cardmarket/price_guide_2025-11-03.json");
});
afterAll(async () => {
  await database?.destroy();
});

const context = () => testContext(db);
const load = (path: string, cookie?: string) =>
  settle(() =>
    adminPricing.loader({ request: new Request(`https://shop.test${path}`, { headers: cookie ? { Cookie: cookie } : {} }), context: context(), params: {} } as unknown as Parameters<typeof adminPricing.loader>[0]),
  );
const post = (fields: Record<string, string>, cookie: string | null = admin.cookie) =>
  settle(() =>
    adminPricing.action({ request: formRequest("/admin/pricing", fields, cookie ? { Cookie: cookie } : {}), context: context(), params: {} } as unknown as Parameters<typeof adminPricing.action>[0]),
  );

describe("who may use /admin/pricing", () => {
  it("answers a guest 401 and a customer 403, on the page and on every form", async () => {
    expect((await load("/admin/pricing")).status).toBe(401);
    expect((await load("/admin/pricing", customer.cookie)).status).toBe(403);
    const forms: Record<string, string>[] = [{ intent: "save-rules", ...rulesToForm(DEFAULT_PRICING_RULES) }, { intent: "apply", fingerprint: "0".repeat(64) }, { intent: "pin", variantId: String(variantId) }];
    for (const fields of forms) {
      expect((await post(fields, null)).status).toBe(401);
      expect((await post(fields, customer.cookie)).status).toBe(403);
    }
    expect(await db.select().from(pricingRules)).toEqual([]);
    expect((await db.select().from(productVariants).where(eq(productVariants.id, variantId)))[0]!.pricePinned).toBe(false);
  });

  it("shows an admin the guides, the rules and the preview", async () => {
    const page = await load("/admin/pricing?page=1", admin.cookie);
    expect(page.status).toBe(200);
    const body = page.body as PricingPageData;
    expect(body.guides.map((g) => g.fileName)).toEqual(["price_guide_2025-11-03.json"]);
    expect(body.rulesSaved).toBe(false);
    expect(body.preview.counts.changes).toBe(1);
    expect(body.preview.rows[0]).toMatchObject({ variantId, oldPrice: 25_000, newPrice: 27_049, status: "change" });
  });
});

describe("the rules form", () => {
  it("refuses bad values field by field, keeping what was typed, and saves nothing", async () => {
    const answer = await post({ intent: "save-rules", ...rulesToForm(DEFAULT_PRICING_RULES), eurToGbp: "eighty", condition_hp: "0", endings: "49, 199" });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      intent: "save-rules",
      ok: false,
      message: PRICING_MESSAGES.rulesInvalid,
      errors: { eurToGbp: RULE_MESSAGES.eurToGbp, condition_hp: RULE_MESSAGES.condition, endings: RULE_MESSAGES.endings },
      values: { eurToGbp: "eighty", condition_hp: "0", endings: "49, 199", condition_nm: "100" },
    });
    expect(Object.keys((answer.body as { errors: object }).errors)).toHaveLength(3);
    expect(await db.select().from(pricingRules)).toEqual([]);
  });

  it("saves good rules, which the preview then follows", async () => {
    const answer = await post({ intent: "save-rules", ...rulesToForm(DEFAULT_PRICING_RULES), eurToGbp: "1", endings: "" });
    expect(answer).toMatchObject({ status: 200, body: { ok: true, message: PRICING_MESSAGES.rulesSaved } });
    const body = (await load("/admin/pricing", admin.cookie)).body as PricingPageData;
    expect(body.rulesSaved).toBe(true);
    expect(body.preview.rows[0]).toMatchObject({ newPrice: 31_804, newPremiumPrice: 28_623 });
  });
});

describe("apply and pins", () => {
  it("refuses a malformed fingerprint (400) and a stale one (409), then applies the current preview", async () => {
    expect(await post({ intent: "apply", fingerprint: "not-a-fingerprint" })).toMatchObject({ status: 400, body: { message: PRICING_MESSAGES.badFingerprint } });
    expect(await post({ intent: "apply", fingerprint: "0".repeat(64) })).toMatchObject({ status: 409, body: { message: PRICING_MESSAGES.stale } });
    const { preview } = (await load("/admin/pricing", admin.cookie)).body as PricingPageData;
    expect(await post({ intent: "apply", fingerprint: preview.fingerprint })).toMatchObject({ status: 200, body: { ok: true, message: PRICING_MESSAGES.applied(1, 0) } });
    expect(await db.select().from(repricingRuns)).toHaveLength(1);
    const again = ((await load("/admin/pricing", admin.cookie)).body as PricingPageData).preview.fingerprint;
    expect(await post({ intent: "apply", fingerprint: again })).toMatchObject({ status: 409, body: { message: PRICING_MESSAGES.nothingToApply } });
  });

  it("pins and unpins; refuses a bad or unknown variant and an unknown intent", async () => {
    expect(await post({ intent: "pin", variantId: String(variantId) })).toMatchObject({ status: 200, body: { message: PRICING_MESSAGES.pinned, variantId } });
    expect((await db.select().from(productVariants).where(eq(productVariants.id, variantId)))[0]!.pricePinned).toBe(true);
    expect(await post({ intent: "unpin", variantId: String(variantId) })).toMatchObject({ status: 200, body: { message: PRICING_MESSAGES.unpinned } });
    expect(await post({ intent: "pin", variantId: "2000000000" })).toMatchObject({ status: 404, body: { message: PRICING_MESSAGES.variantNotFound } });
    for (const bad of ["", "abc", "-1", "1.5", "99999999999"]) expect((await post({ intent: "pin", variantId: bad })).status, bad).toBe(400);
    expect(await post({ intent: "delete-everything" })).toMatchObject({ status: 400, body: { message: PRICING_MESSAGES.unknownIntent } });
    expect((await db.execute(sql`SELECT count(*)::int AS n FROM audit_log WHERE action LIKE 'pricing.variant_%'`)) as unknown).toMatchObject({ rows: [{ n: 2 }] });
  });
});
