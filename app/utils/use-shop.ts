import { useRouteLoaderData } from "react-router";
import { DEMO_SHOP, type ShopIdentity } from "~/config/shop";
import type { loader as rootLoader } from "~/root";

export function useRootData() {
  return useRouteLoaderData<typeof rootLoader>("root");
}

/** The shop's identity (name, company, contacts) from the root loader. */
export function useShop(): ShopIdentity {
  return useRootData()?.shop ?? DEMO_SHOP;
}
