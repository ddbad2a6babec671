import type { AppLoadContext } from "react-router";
import { DEMO_SHOP } from "~/config/shop";
import type { Db } from "~/db/client.server";
import { and, desc, eq } from "drizzle-orm";
import { outbox } from "~/db/schema";
import { VERIFICATION_EMAIL_KIND, verifyEmail } from "~/modules/accounts/email-verification.server";
import { registerUser } from "~/modules/accounts/users.server";
import { loadEnv } from "~/utils/env.server";

/** Shared by the accounts integration tests: a context like the server's, and quick users. */
export function testContext(db: Db, env: Record<string, string> = {}): AppLoadContext {
  return {
    db,
    // An https shop runs the payment sandbox only when asked (PAYMENTS): these tests ask,
    // unless they configure Stripe.
    env: loadEnv({ PUBLIC_URL: "https://shop.test", ADMIN_EMAILS: "boss@shop.test", ...(env.STRIPE_SECRET_KEY ? {} : { PAYMENTS: "sandbox" }), ...env }),
    shop: DEMO_SHOP,
  } as AppLoadContext;
}

let counter = 0;
export function uniqueEmail(prefix = "customer"): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.test`;
}

export const GOOD_PASSWORD = "Velvet-Lantern-42";

/**
 * Signs a user up. With `verified` (or `adminEmails`, for an admin) the email is verified the
 * way its owner would: through the link in the verification email the sign-up queued, as the
 * account itself; the role then follows `adminEmails`.
 */
export async function createUser(
  db: Db,
  options: { email?: string; password?: string; fullName?: string; adminEmails?: Set<string>; verified?: boolean } = {},
) {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? GOOD_PASSWORD;
  const result = await registerUser(
    db,
    { fullName: options.fullName ?? "Test Customer", email, password },
    { publicUrl: "https://shop.test", shopName: "Test Shop" },
  );
  if (!result.ok) throw new Error(`createUser failed: ${JSON.stringify(result)}`);
  if (options.verified || options.adminEmails) {
    // As the owner would: signed in to the account (no session here, so none is kept).
    const verified = await verifyEmail(
      db,
      { token: await verificationTokenFor(db, email), signedInUser: { id: result.userId, email: email.trim().toLowerCase(), sessionTokenHash: null } },
      { adminEmails: options.adminEmails ?? new Set() },
    );
    if (!verified.ok) throw new Error(`createUser could not verify ${email}: ${verified.message}`);
  }
  return { id: result.userId, email, password };
}

/** The token of the newest verification email queued for this address (read from the outbox). */
export async function verificationTokenFor(db: Db, email: string): Promise<string> {
  const [mail] = await db
    .select({ text: outbox.textBody })
    .from(outbox)
    .where(and(eq(outbox.toAddress, email.toLowerCase()), eq(outbox.kind, VERIFICATION_EMAIL_KIND)))
    .orderBy(desc(outbox.id))
    .limit(1);
  const token = mail?.text.match(/\/verify-email\/([A-Za-z0-9_-]{43})/)?.[1];
  if (!token) throw new Error(`no verification email for ${email}`);
  return token;
}

/** What a route action or loader returned or threw, as status + body + headers. */
export async function settle(run: () => Promise<unknown>): Promise<{ status: number; body: unknown; headers: Headers }> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) {
    const text = await value.text();
    return { status: value.status, body: text, headers: value.headers };
  }
  if (value && typeof value === "object" && (value as { type?: string }).type === "DataWithResponseInit") {
    const { data, init } = value as { data: unknown; init?: ResponseInit | null };
    return { status: init?.status ?? 200, body: data, headers: new Headers(init?.headers) };
  }
  return { status: 200, body: value, headers: new Headers() };
}

export function formRequest(path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Request {
  return new Request(`https://shop.test${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://shop.test", ...headers },
  });
}
