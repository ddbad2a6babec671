import { dropStatusFor } from "~/modules/drops/room.server";
import { parseDbId } from "~/utils/db-id";
import { getCurrentUser } from "~/web/auth.server";
import type { Route } from "./+types/drop-status";

/**
 * GET /drops/:id/status — this visitor's drop view as a small JSON answer, asked by the drop's
 * page at the delay the server's rules give (drop-rules.ts nextCheckDelayMs). Personal, so
 * never stored anywhere: `private, no-store`.
 */
const NO_STORE = { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "private, no-store" };

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = parseDbId(params.id);
  if (id === null) return new Response(JSON.stringify({ error: "not_found" }), { status: 404, headers: NO_STORE });
  const user = await getCurrentUser(request, context);
  const status = await dropStatusFor(context.db, id, user?.id ?? null);
  if (!status) return new Response(JSON.stringify({ error: "not_found" }), { status: 404, headers: NO_STORE });
  return new Response(JSON.stringify(status), { headers: NO_STORE });
}
