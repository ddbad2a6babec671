import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { SESSION_COOKIE } from "~/config/constants";
import { createSession } from "~/modules/accounts/sessions.server";
import { loader as portalLoader } from "~/routes/sandbox-portal";
import { loader as subscriptionLoader } from "~/routes/sandbox-subscription";
import { sandboxPageFor } from "~/web/sandbox-page.server";
import { createTestDatabase, type TestDatabase } from "../setup/database";
import { createUser, settle, testContext } from "../support/accounts";

/**
 * The guard in front of the sandbox's hosted pages (checkout, Pro sign-up, billing portal):
 * who may see a session, and what everyone else gets. The checkout page's own route tests are
 * in checkout-routes.test.ts.
 */
let database: TestDatabase;
let context: ReturnType<typeof testContext>;

beforeAll(async () => {
  database = await createTestDatabase();
  context = testContext(database.db);
});
afterAll(async () => {
  await database?.destroy();
});

const ID = `cs_sbx_${"ab".repeat(12)}`;
const idSchema = z.string().regex(/^cs_sbx_[a-f0-9]{24}$/);

function request(path: string, cookie?: string) {
  return new Request(`https://shop.test${path}`, { headers: cookie ? { Cookie: `${SESSION_COOKIE}=${cookie}` } : {} });
}

async function signedIn() {
  const user = await createUser(database.db);
  const session = await createSession(database.db, user.id, { persistent: false });
  return { ...user, token: session.token };
}

/** A page loader that records what it was asked and finds only `owner`'s session. */
function pages(owner: string | null) {
  const asked: { id: string; viewerId: string | null }[] = [];
  const load = async (_db: unknown, id: string, viewerId: string | null) => {
    asked.push({ id, viewerId });
    return owner !== null && viewerId === owner ? { id, state: "open" } : null;
  };
  return { asked, load };
}

describe("sandboxPageFor", () => {
  it("gives the customer their own session, looked up with their id", async () => {
    const me = await signedIn();
    const { asked, load } = pages(me.id);
    const result = await sandboxPageFor({ request: request(`/sandbox/checkout/${ID}`, me.token), context }, ID, { idSchema, notFound: "Nope.", load });
    expect(result.page).toEqual({ id: ID, state: "open" });
    expect(result.user?.id).toBe(me.id);
    expect(asked).toEqual([{ id: ID, viewerId: me.id }]);
  });

  it("answers another customer with 404 and sends a guest to sign in and back", async () => {
    const owner = await signedIn();
    const stranger = await signedIn();
    const { load } = pages(owner.id);
    const page = { idSchema, notFound: "Checkout session not found.", load };
    const refused = await settle(() => sandboxPageFor({ request: request(`/sandbox/checkout/${ID}`, stranger.token), context }, ID, page));
    expect(refused).toMatchObject({ status: 404, body: "Checkout session not found." });
    const guest = await settle(() => sandboxPageFor({ request: request(`/sandbox/checkout/${ID}?x=1`), context }, ID, page));
    expect(guest.status).toBe(302);
    expect(guest.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(`/sandbox/checkout/${ID}?x=1`)}`);
  });

  it("never looks up a malformed id, nor anything at all when Stripe is configured", async () => {
    const me = await signedIn();
    const { asked, load } = pages(me.id);
    for (const id of [undefined, "not-an-id", `${ID}0`, "cs_test_123"]) {
      const res = await settle(() => sandboxPageFor({ request: request("/sandbox/checkout/x", me.token), context }, id, { idSchema, notFound: "Nope.", load }));
      expect(res).toMatchObject({ status: 404, body: "Nope." });
    }
    const stripe = testContext(database.db, { STRIPE_SECRET_KEY: "sk_test_guard" });
    const res = await settle(() => sandboxPageFor({ request: request(`/sandbox/checkout/${ID}`, me.token), context: stripe }, ID, { idSchema, notFound: "Nope.", load }));
    expect(res).toMatchObject({ status: 404, body: "Nope." });
    expect(asked).toEqual([]);
  });
});

describe("the Pro sign-up and portal pages use it", () => {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const call = (fn: (args: any) => unknown, req: Request, params: Record<string, string>) => settle(async () => fn({ request: req, params, context }));

  it("answers unknown and malformed sessions with their own 404, and a guest with the sign-in page", async () => {
    const me = await signedIn();
    expect(await call(subscriptionLoader, request(`/sandbox/subscription/${ID}`, me.token), { sessionId: ID })).toMatchObject({
      status: 404,
      body: "Subscription session not found.",
    });
    expect(await call(subscriptionLoader, request("/sandbox/subscription/bps_x", me.token), { sessionId: "bps_x" })).toMatchObject({ status: 404 });
    expect(await call(portalLoader, request(`/sandbox/portal/${ID}`, me.token), { portalId: ID })).toMatchObject({
      status: 404,
      body: "Billing portal session not found.",
    });
    const guest = await call(portalLoader, request(`/sandbox/portal/bps_sbx_${"cd".repeat(12)}`), { portalId: `bps_sbx_${"cd".repeat(12)}` });
    expect(guest.status).toBe(302);
    expect(guest.headers.get("Location")).toMatch(/^\/login\?redirectTo=%2Fsandbox%2Fportal%2Fbps_sbx_/);
  });
});
