import { data } from "react-router";
import { exportCustomerData } from "~/modules/privacy/customer-data.server";
import { requireUser } from "~/web/auth.server";
import type { Route } from "./+types/account-data-download";

/** GET /account/data/download — everything the shop holds about the signed-in customer, as JSON. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const now = new Date();
  const export_ = await exportCustomerData(context.db, user.id, now);
  if (!export_) throw data("Your account could not be found.", { status: 404 });
  return new Response(JSON.stringify(export_, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="nearmint-data-${now.toISOString().slice(0, 10)}.json"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
