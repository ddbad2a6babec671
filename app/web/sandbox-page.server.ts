import { data, type AppLoadContext } from "react-router";
import type { z } from "zod";
import type { Db } from "~/db/client.server";
import { paymentProviderFor } from "~/modules/payments/payment-provider.server";
import { getCurrentUser, loginRedirect } from "./auth.server";
import type { ShellUser } from "./shell";

/**
 * The check every hosted sandbox page (checkout, Pro sign-up, billing portal) makes before
 * anything else, for its loader and its action alike. With Stripe configured the sandbox is
 * switched off entirely; a malformed id and a session that is not the viewer's are both "not
 * found", except that a guest is asked to sign in first (it may be theirs once they do).
 */
export async function sandboxPageFor<T>(
  { request, context }: { request: Request; context: AppLoadContext },
  id: string | undefined,
  page: {
    idSchema: z.ZodType<string>;
    notFound: string;
    load: (db: Db, id: string, viewerId: string | null) => Promise<T | null>;
  },
): Promise<{ page: T; user: ShellUser | null }> {
  if (paymentProviderFor(context).name !== "sandbox") throw data(page.notFound, { status: 404 });
  const parsed = page.idSchema.safeParse(id);
  if (!parsed.success) throw data(page.notFound, { status: 404 });
  const user = await getCurrentUser(request, context);
  const found = await page.load(context.db, parsed.data, user?.id ?? null);
  if (!found) {
    if (!user) throw loginRedirect(request);
    throw data(page.notFound, { status: 404 });
  }
  return { page: found, user };
}
