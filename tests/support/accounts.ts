import type { AppLoadContext } from "react-router";
import { DEMO_SHOP } from "~/config/shop";
import type { Db } from "~/db/client.server";
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

export async function createUser(db: Db, options: { email?: string; password?: string; fullName?: string; adminEmails?: Set<string> } = {}) {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? GOOD_PASSWORD;
  const result = await registerUser(
    db,
    { fullName: options.fullName ?? "Test Customer", email, password },
    { adminEmails: options.adminEmails ?? new Set() },
  );
  if (!result.ok) throw new Error(`createUser failed: ${JSON.stringify(result)}`);
  return { id: result.userId, email, password };
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
