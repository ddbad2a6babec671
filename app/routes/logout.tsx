import { redirect } from "react-router";
import { deleteSession } from "~/modules/accounts/sessions.server";
import { clearSessionCookie, isSecureContext, readSessionToken } from "~/web/session-cookie.server";
import type { Route } from "./+types/logout";

/** Sign-out is a POST (a link or image cannot sign anyone out); the session row is deleted. */
export async function action({ request, context }: Route.ActionArgs) {
  await deleteSession(context.db, readSessionToken(request));
  return redirect("/login", { headers: { "Set-Cookie": clearSessionCookie({ secure: isSecureContext(context) }) } });
}

/** A GET (typed or bookmarked URL) signs nobody out; it goes to the account page. */
export function loader() {
  return redirect("/account");
}
