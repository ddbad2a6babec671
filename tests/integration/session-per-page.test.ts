import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession, deleteSession } from "~/modules/accounts/sessions.server";
import { getCurrentSession, getCurrentUser } from "~/web/auth.server";
import { createTestDatabase, type TestDatabase } from "../setup/database";
import { createUser, testContext } from "../support/accounts";

// React Router gives each loader of a page its own copy of the request, with one load context
// for the page: the root loader and the page's loader must share one session lookup
// (decision 0054), and a later request must still see a sign-out.
let database: TestDatabase;
let context: ReturnType<typeof testContext>;

beforeAll(async () => {
  database = await createTestDatabase();
  context = testContext(database.db);
});
afterAll(async () => {
  await database?.destroy();
});

const copyWith = (token: string) => new Request("https://shop.test/products/x", { headers: { Cookie: `nm_session=${token}` } });

describe("one session lookup per page", () => {
  it("shares the lookup between the loaders' copies of one request while it is in flight", async () => {
    const { id, email } = await createUser(database.db);
    const { token } = await createSession(database.db, id, { persistent: false });
    const root = getCurrentSession(copyWith(token), context);
    const page = getCurrentSession(copyWith(token), context);
    expect(page).toBe(root);
    expect((await page)?.user.email).toBe(email);
  });

  it("does not share between different sessions, nor across contexts", async () => {
    const a = await createUser(database.db);
    const b = await createUser(database.db);
    const tokenA = (await createSession(database.db, a.id, { persistent: false })).token;
    const tokenB = (await createSession(database.db, b.id, { persistent: false })).token;
    const [userA, userB] = await Promise.all([getCurrentUser(copyWith(tokenA), context), getCurrentUser(copyWith(tokenB), context)]);
    expect(userA?.email).toBe(a.email);
    expect(userB?.email).toBe(b.email);
    expect(getCurrentSession(copyWith(tokenA), context)).not.toBe(getCurrentSession(copyWith(tokenA), testContext(database.db)));
  });

  it("looks up again once settled: a sign-out between two requests on one context shows", async () => {
    const { id, email } = await createUser(database.db);
    const { token } = await createSession(database.db, id, { persistent: false });
    expect((await getCurrentUser(copyWith(token), context))?.email).toBe(email);
    await deleteSession(database.db, token);
    expect(await getCurrentUser(copyWith(token), context)).toBeNull();
  });
});
