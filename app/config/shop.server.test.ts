import { describe, expect, it } from "vitest";
import { DEMO_SHOP } from "./shop";
import { shopIdentity } from "./shop.server";

describe("the buylist's postal address", () => {
  it("has a demo default and takes SHOP_BUYLIST_ADDRESS as lines separated by | or newlines", () => {
    expect(shopIdentity({}).buylistAddress).toEqual(DEMO_SHOP.buylistAddress);
    expect(shopIdentity({ SHOP_BUYLIST_ADDRESS: " Card Buying | 1 High St ||York\nYO1 1AA " }).buylistAddress).toEqual(["Card Buying", "1 High St", "York", "YO1 1AA"]);
  });
});
