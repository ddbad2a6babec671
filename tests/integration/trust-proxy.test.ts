import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "~/db/schema";
import { createTestDatabase, type TestDatabase } from "../setup/database";
import { createUser, uniqueEmail } from "../support/accounts";
import { hasBuild, startApp, type RunningApp } from "../support/http-app";

/**
 * TRUST_PROXY against the real createApp: behind one proxy hop the client is the address that
 * proxy appended (the rightmost X-Forwarded-For entry), whatever the client wrote to the left
 * of it, so rotating a forged X-Forwarded-For does not get round per-address rate limits.
 */
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.destroy();
});

/** A request as one proxy hop forwards it: the client's own X-Forwarded-For, then the address the proxy saw. */
function viaProxy(app: RunningApp, path: string, fields: Record<string, string>, forged: string, clientAddress: string) {
  return fetch(app.base + path, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Origin: app.base, "X-Forwarded-For": `${forged}, ${clientAddress}` },
    redirect: "manual",
  });
}

async function sessionAddress(userId: string): Promise<string | null> {
  const [row] = await database.db
    .select({ ipAddress: sessions.ipAddress })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.createdAt))
    .limit(1);
  return row?.ipAddress ?? null;
}

let spoof = 0;
const forgedChain = () => `198.18.${++spoof % 250}.${spoof % 200}, 10.${spoof % 250}.0.1`;

describe.runIf(hasBuild)("TRUST_PROXY=1 (one load balancer in front)", () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp(database.db, { TRUST_PROXY: "1", SIGN_UPS_PER_ADDRESS_PER_HOUR: "3" });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("records the address the proxy appended, not the client's forged entries", async () => {
    const user = await createUser(database.db);
    const res = await viaProxy(app, "/login", { email: user.email, password: user.password }, "6.6.6.6", "203.0.113.9");
    expect(res.status).toBe(302);
    expect(await sessionAddress(user.id)).toBe("203.0.113.9");
  });

  it("keeps one client behind one address however it rotates X-Forwarded-For: the sign-up limit holds", async () => {
    const signUp = (clientAddress: string) =>
      viaProxy(
        app,
        "/register",
        { fullName: "Rotating", email: uniqueEmail("rotate"), password: "Velvet-Lantern-42", confirmPassword: "Velvet-Lantern-42" },
        forgedChain(),
        clientAddress,
      );
    for (let i = 0; i < 3; i++) expect((await signUp("203.0.113.20")).status).toBe(302);
    const refused = await signUp("203.0.113.20");
    expect(refused.status).toBe(429);
    // Another client behind the same proxy is someone else.
    expect((await signUp("203.0.113.21")).status).toBe(302);
  });
});

describe.runIf(hasBuild)("TRUST_PROXY unset", () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp(database.db);
  });
  afterAll(async () => {
    await app?.close();
  });

  it("ignores X-Forwarded-For entirely: the client is the TCP peer", async () => {
    const user = await createUser(database.db);
    const res = await viaProxy(app, "/login", { email: user.email, password: user.password }, "6.6.6.6", "203.0.113.9");
    expect(res.status).toBe(302);
    expect(await sessionAddress(user.id)).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
  });
});

describe.runIf(hasBuild)("TRUST_PROXY as a list of proxy addresses", () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp(database.db, { TRUST_PROXY: "loopback" });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("stops at the first address that is not a trusted proxy", async () => {
    const user = await createUser(database.db);
    const res = await viaProxy(app, "/login", { email: user.email, password: user.password }, "6.6.6.6, 127.0.0.1", "203.0.113.30");
    expect(res.status).toBe(302);
    expect(await sessionAddress(user.id)).toBe("203.0.113.30");
  });
});
