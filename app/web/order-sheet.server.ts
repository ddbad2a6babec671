import { data } from "react-router";
import type { AppLoadContext } from "react-router";
import { ORDER_ACTION_TEXT } from "~/modules/orders/admin-order";
import { orderDetailForAdmin } from "~/modules/orders/admin-order.server";
import { parseDbId } from "~/utils/db-id";
import { requireAdmin } from "./auth.server";

/**
 * What a printable order sheet (the packing slip and the address label) loads: the admin check,
 * the order by its URL id (404 when there is none) and the shop's name for the sheet's head.
 */
export async function loadOrderSheet(request: Request, context: AppLoadContext, idText: string) {
  await requireAdmin(request, context);
  const id = parseDbId(idText);
  const order = id === null ? null : await orderDetailForAdmin(context.db, id);
  if (!order) throw data(ORDER_ACTION_TEXT.notFound(id ?? 0), { status: 404 });
  return { order, shopName: context.shop.name };
}
