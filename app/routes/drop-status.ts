import { dropStatusFor } from "~/modules/drops/room.server";
import { parseDbId } from "~/utils/db-id";
import { getCurrentUser } from "~/web/auth.server";
import { dropPollRefusal } from "~/web/status-poll-limit.server";
import type { Route } from "./+types/drop-status";

/**
 * GET /drops/:id/status — this visitor's drop view as a small JSON answer, asked by the drop's
 * page at the delay the server's rules give (drop-rules.ts nextCheckDelayMs). Personal, so
 * never stored anywhere: `private, no-store`. A client asking far more often than that is
 * answered 429 with `Retry-After` (status-poll-limit.server.ts), which the page honours.
 */
const NO_STORE = { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "private, no-store" };

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = parseDbId(params.id);
  if (id === null) return new Response(JSON.stringify({ error: "not_found" }), { status: 404, headers: NO_STORE });
  const user = await getCurrentUser(request, context);
  // Before the drop is read: a client polling in a loop costs one session read, not a status.
  const limited = await dropPollRefusal(request, user?.id ?? null);
  if (limited) {
    return new Response(JSON.stringify({ error: "too_many_requests" }), {
      status: 429,
      headers: { ...NO_STORE, "Retry-After": String(limited.retryAfterSeconds) },
    });
  }
  const status = await dropStatusFor(context.db, id, user?.id ?? null);
  if (!status) return new Response(JSON.stringify({ error: "not_found" }), { status: 404, headers: NO_STORE });
  return new Response(JSON.stringify(status), { headers: NO_STORE });
}
