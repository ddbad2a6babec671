import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "~/config/constants";
import type { Db } from "~/db/client.server";
import { auditLog, orders, profiles, sessions, users } from "~/db/schema";
import { CUSTOMER_TEXT } from "~/modules/accounts/admin-customers";
import { customerDetail, searchCustomers } from "~/modules/accounts/admin-customers.server";
import { isGrantedInBackOffice, setAdminRole, syncAdminRoles } from "~/modules/accounts/roles.server";
import { signIn } from "~/modules/accounts/users.server";
import * as customerRoute from "~/routes/admin-customer";
import * as customersRoute from "~/routes/admin-customers";
import { createUser, settle, testContext } from "../support/accounts";
import { createTestDatabase, type TestDatabase } from "../setup/database";

/**
 * Customers in the back office (issue 14): search, the customer's page, and granting or
 * revoking the admin role (verified emails only, never one's own, audited; decision 0035),
 * with every route and action refused to guests and customers.
 */
let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(async () => {
  await database?.destroy();
});

async function userWithSession(role: "customer" | "admin", options: { verified?: boolean; fullName?: string; email?: string } = {}) {
  const email = options.email ?? `${role}-${randomUUID().slice(0, 8)}@example.test`;
  const [user] = await db
    .insert(users)
    .values({ email, passwordHash: "not-used", role, emailVerifiedAt: options.verified === false ? null : new Date() })
    .returning({ id: users.id });
  await db.insert(profiles).values({ id: user!.id, fullName: options.fullName ?? `Test ${role}`, email });
  const token = randomBytes(32).toString("base64url");
  await db.insert(sessions).values({ tokenHash: createHash("sha256").update(token).digest("hex"), userId: user!.id, expiresAt: new Date(Date.now() + 3_600_000) });
  return { id: user!.id, email, cookie: `${SESSION_COOKIE}=${token}` };
}

const roleOf = async (id: string) => (await db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0]!.role;
const NONE = new Set<string>();

describe("searching customers", () => {
  it("finds by part of the name or email without case, pages, and takes % and _ literally", async () => {
    const tag = randomBytes(3).toString("hex");
    const misty = await userWithSession("customer", { fullName: `Misty Waterflower ${tag}`, email: `misty.${tag}@cerulean.test` });
    await userWithSession("customer", { fullName: `Brock ${tag}`, email: `brock.${tag}@pewter.test` });
    const byName = await searchCustomers(db, `WATERFLOWER ${tag}`, 1);
    expect(byName.customers.map((c) => c.id)).toEqual([misty.id]);
    expect(byName).toMatchObject({ total: 1, page: 1, totalPages: 1, hasNextPage: false });
    expect((await searchCustomers(db, `cerulean.test`, 1)).customers.map((c) => c.email)).toContain(misty.email);
    expect((await searchCustomers(db, tag, 1)).total).toBe(2);
    expect((await searchCustomers(db, misty.id, 1)).customers.map((c) => c.id)).toEqual([misty.id]);
    expect((await searchCustomers(db, "%", 1)).total).toBe(0);
    expect((await searchCustomers(db, "_", 1)).total).toBe(0);

    for (let i = 0; i < 26; i++) await userWithSession("customer", { fullName: `Pager ${tag} ${i}` });
    const first = await searchCustomers(db, `Pager ${tag}`, 1);
    expect(first).toMatchObject({ total: 26, totalPages: 2, hasNextPage: true });
    expect(first.customers).toHaveLength(25);
    const second = await searchCustomers(db, `Pager ${tag}`, 2);
    expect(second.customers).toHaveLength(1);
    expect(new Set([...first.customers, ...second.customers].map((c) => c.id)).size).toBe(26);
  });
});

describe("a customer's page", () => {
  it("shows profile, orders, membership, applications and the audit trail; null for an unknown or malformed id", async () => {
    const admin = await userWithSession("admin");
    const customer = await userWithSession("customer");
    await db.insert(orders).values({
      userId: customer.id,
      status: "completed",
      subtotalAmount: 1000,
      shippingAmount: 529,
      totalAmount: 1529,
      normalSubtotalAmount: 1000,
      paymentProvider: "sandbox",
      reservationExpiresAt: new Date(),
      email: customer.email,
    });
    await setAdminRole(db, { actorId: admin.id, userId: customer.id, admin: true }, NONE);
    const detail = await customerDetail(db, customer.id, NONE);
    expect(detail).toMatchObject({ id: customer.id, role: "admin", grantedInBackOffice: true, listedInAdminEmails: false, isPremium: false, subscriptions: [], applications: [] });
    expect(detail!.orders.map((o) => o.totalAmount)).toEqual([1529]);
    expect(detail!.audit).toMatchObject([{ action: "role.granted", actorUserId: admin.id, actorEmail: admin.email, details: { reason: "back_office" } }]);
    expect(await customerDetail(db, randomUUID(), NONE)).toBeNull();
    expect(await customerDetail(db, "not-a-uuid", NONE)).toBeNull();
  });
});

describe("granting and revoking the admin role (decision 0035)", () => {
  it("grants to a verified account only, audited with who and before/after", async () => {
    const admin = await userWithSession("admin");
    const unverified = await userWithSession("customer", { verified: false });
    expect(await setAdminRole(db, { actorId: admin.id, userId: unverified.id, admin: true }, NONE)).toEqual({ status: "unverified" });
    expect(await roleOf(unverified.id)).toBe("customer");
    expect(await db.$count(auditLog, eq(auditLog.entityId, unverified.id))).toBe(0);

    const verified = await userWithSession("customer");
    expect(await setAdminRole(db, { actorId: admin.id, userId: verified.id, admin: true }, NONE)).toEqual({ status: "changed", role: "admin", listed: false });
    expect(await roleOf(verified.id)).toBe("admin");
    expect(await setAdminRole(db, { actorId: admin.id, userId: verified.id, admin: true }, NONE)).toEqual({ status: "unchanged", role: "admin", listed: false });
    const rows = await db.select().from(auditLog).where(eq(auditLog.entityId, verified.id));
    expect(rows).toMatchObject([
      { actorUserId: admin.id, action: "role.granted", entityType: "user", details: { role: "admin", reason: "back_office", before: { role: "customer" }, after: { role: "admin" } } },
    ]);
    expect(await setAdminRole(db, { actorId: admin.id, userId: randomUUID(), admin: true }, NONE)).toEqual({ status: "not_found" });
    expect(await setAdminRole(db, { actorId: admin.id, userId: "nope", admin: true }, NONE)).toEqual({ status: "not_found" });
  });

  it("never revokes one's own role, and revokes another admin's, audited", async () => {
    const admin = await userWithSession("admin");
    const other = await userWithSession("admin");
    expect(await setAdminRole(db, { actorId: admin.id, userId: admin.id, admin: false }, NONE)).toEqual({ status: "self" });
    expect(await roleOf(admin.id)).toBe("admin");
    expect(await setAdminRole(db, { actorId: admin.id, userId: other.id, admin: false }, NONE)).toEqual({ status: "changed", role: "customer", listed: false });
    expect(await roleOf(other.id)).toBe("customer");
    const [row] = await db.select().from(auditLog).where(and(eq(auditLog.entityId, other.id), eq(auditLog.action, "role.revoked")));
    expect(row).toMatchObject({ actorUserId: admin.id, details: { reason: "back_office", before: { role: "admin" }, after: { role: "customer" } } });
  });

  it("a back-office grant survives sign-in and server start without ADMIN_EMAILS; a list grant does not, once unlisted", async () => {
    const admin = await userWithSession("admin");
    const granted = await createUser(db, { verified: true });
    const listed = await createUser(db, { verified: true });
    expect((await setAdminRole(db, { actorId: admin.id, userId: granted.id, admin: true }, NONE)).status).toBe("changed");
    expect(await isGrantedInBackOffice(db, granted.id)).toBe(true);

    // Sign-in with nobody listed keeps the back-office admin.
    await signIn(db, { email: granted.email, password: granted.password, remember: false }, { adminEmails: NONE });
    expect(await roleOf(granted.id)).toBe("admin");

    // The listed one becomes admin at sign-in, then loses it at a start where it is unlisted.
    await signIn(db, { email: listed.email, password: listed.password, remember: false }, { adminEmails: new Set([listed.email]) });
    expect(await roleOf(listed.id)).toBe("admin");
    const sync = await syncAdminRoles(db, new Set([randomUUID() + "@elsewhere.test"]));
    expect(sync.revoked).toContain(listed.email);
    expect(sync.revoked).not.toContain(granted.email);
    expect(await roleOf(granted.id)).toBe("admin");
    // An empty list too.
    await syncAdminRoles(db, NONE);
    expect(await roleOf(granted.id)).toBe("admin");

    // Revoked in the back office: the start does not bring it back.
    expect((await setAdminRole(db, { actorId: admin.id, userId: granted.id, admin: false }, NONE)).status).toBe("changed");
    expect(await isGrantedInBackOffice(db, granted.id)).toBe(false);
    await syncAdminRoles(db, NONE);
    expect(await roleOf(granted.id)).toBe("customer");
  });

  it("revoking a listed email: gone now, back at the next sign-in (ADMIN_EMAILS still grants), and the answer says so", async () => {
    const admin = await userWithSession("admin");
    const boss = await createUser(db, { verified: true });
    const list = new Set([boss.email.toLowerCase()]);
    await signIn(db, { email: boss.email, password: boss.password, remember: false }, { adminEmails: list });
    expect(await roleOf(boss.id)).toBe("admin");
    expect(await setAdminRole(db, { actorId: admin.id, userId: boss.id, admin: false }, list)).toEqual({ status: "changed", role: "customer", listed: true });
    expect(await roleOf(boss.id)).toBe("customer");
    await signIn(db, { email: boss.email, password: boss.password, remember: false }, { adminEmails: list });
    expect(await roleOf(boss.id)).toBe("admin");
    const actions = (await db.select().from(auditLog).where(eq(auditLog.entityId, boss.id)).orderBy(auditLog.id)).map((r) => [r.action, (r.details as { reason: string }).reason]);
    expect(actions).toEqual([
      ["role.granted", "ADMIN_EMAILS"],
      ["role.revoked", "back_office"],
      ["role.granted", "ADMIN_EMAILS"],
    ]);
  });

  it("a grant racing a sign-in's role sync is never undone by it", async () => {
    const admin = await userWithSession("admin");
    for (let i = 0; i < 5; i++) {
      const user = await createUser(db, { verified: true });
      await Promise.all([
        setAdminRole(db, { actorId: admin.id, userId: user.id, admin: true }, NONE),
        signIn(db, { email: user.email, password: user.password, remember: false }, { adminEmails: NONE }),
      ]);
      expect(await roleOf(user.id)).toBe("admin");
    }
  });
});

describe("the customer routes", () => {
  const context = (env: Record<string, string> = {}) => testContext(db, env);
  const get = (path: string, cookie?: string) => new Request(`https://shop.test${path}`, { headers: cookie ? { Cookie: cookie } : {} });
  const post = (path: string, fields: Record<string, string>, cookie?: string) =>
    new Request(`https://shop.test${path}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://shop.test", ...(cookie ? { Cookie: cookie } : {}) },
    });
  const run = (fn: (args: never) => Promise<unknown>, request: Request, params: Record<string, string> = {}, env: Record<string, string> = {}) =>
    settle(() => fn({ request, context: context(env), params } as never));

  it("refuse guests (401) and customers (403) on every loader and action, changing nothing", async () => {
    const customer = await userWithSession("customer");
    const target = await userWithSession("customer");
    const asActor = async (cookie: string | undefined) => [
      await run(customersRoute.loader, get("/admin/customers?q=a", cookie)),
      await run(customerRoute.loader, get(`/admin/customers/${target.id}`, cookie), { id: target.id }),
      await run(customerRoute.action, post(`/admin/customers/${target.id}`, { intent: "grant-admin" }, cookie), { id: target.id }),
      // Not even for themselves.
      await run(customerRoute.action, post(`/admin/customers/${customer.id}`, { intent: "grant-admin" }, cookie), { id: customer.id }),
    ];
    expect((await asActor(undefined)).map((r) => r.status)).toEqual([401, 401, 401, 401]);
    expect((await asActor(customer.cookie)).map((r) => r.status)).toEqual([403, 403, 403, 403]);
    expect(await roleOf(target.id)).toBe("customer");
    expect(await roleOf(customer.id)).toBe("customer");
  });

  it("as an admin: grant and revoke redirect back with a notice; refusals answer 409, 403, 404 and 400 with the message", async () => {
    const admin = await userWithSession("admin");
    const target = await userWithSession("customer");
    const unverified = await userWithSession("customer", { verified: false });
    const granted = await run(customerRoute.action, post(`/admin/customers/${target.id}`, { intent: "grant-admin" }, admin.cookie), { id: target.id });
    expect(granted.status).toBe(302);
    expect(granted.headers.get("Location")).toBe(`/admin/customers/${target.id}?done=granted`);
    const page = await run(customerRoute.loader, get(`/admin/customers/${target.id}?done=granted`, admin.cookie), { id: target.id });
    expect(page).toMatchObject({ status: 200, body: { isSelf: false, notice: CUSTOMER_TEXT.granted, customer: { role: "admin" } } });

    expect(await run(customerRoute.action, post(`/admin/customers/${unverified.id}`, { intent: "grant-admin" }, admin.cookie), { id: unverified.id })).toMatchObject({
      status: 409,
      body: { message: CUSTOMER_TEXT.unverified },
    });
    expect(await run(customerRoute.action, post(`/admin/customers/${admin.id}`, { intent: "revoke-admin" }, admin.cookie), { id: admin.id })).toMatchObject({
      status: 403,
      body: { message: CUSTOMER_TEXT.self },
    });
    expect((await run(customerRoute.action, post(`/admin/customers/${randomUUID()}`, { intent: "grant-admin" }, admin.cookie), { id: randomUUID() })).status).toBe(404);
    expect((await run(customerRoute.action, post(`/admin/customers/x`, { intent: "grant-admin" }, admin.cookie), { id: "x" })).status).toBe(404);
    expect((await run(customerRoute.action, post(`/admin/customers/${target.id}`, { intent: "make-owner" }, admin.cookie), { id: target.id })).status).toBe(400);
    expect((await run(customerRoute.loader, get(`/admin/customers/${randomUUID()}`, admin.cookie), { id: randomUUID() })).status).toBe(404);

    // Revoking an address listed in ADMIN_EMAILS says it comes back at the next sign-in.
    const listedEnv = { ADMIN_EMAILS: `boss@shop.test,${target.email}` };
    const revoked = await run(customerRoute.action, post(`/admin/customers/${target.id}`, { intent: "revoke-admin" }, admin.cookie), { id: target.id }, listedEnv);
    expect(revoked.headers.get("Location")).toBe(`/admin/customers/${target.id}?done=revoked-listed`);
    expect(await roleOf(target.id)).toBe("customer");

    const list = await run(customersRoute.loader, get(`/admin/customers?q=${encodeURIComponent(target.email)}`, admin.cookie));
    expect(list).toMatchObject({ status: 200, body: { list: { total: 1, customers: [{ id: target.id, role: "customer", emailVerified: true }] } } });
  });
});
