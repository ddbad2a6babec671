import { DEMO_SHOP, type ShopIdentity } from "./shop";

/** The SHOP_* settings of the environment (see README), each optional. */
export type ShopSettings = Partial<
  Record<
    | "SHOP_NAME"
    | "SHOP_COMPANY_NAME"
    | "SHOP_COMPANY_NUMBER"
    | "SHOP_CONTACT_EMAIL"
    | "SHOP_SELL_CARDS_EMAIL"
    | "SHOP_BUYLIST_ADDRESS"
    | "SHOP_COMMUNITY_CHAT_URL"
    | "SHOP_SOCIAL_LINKS",
    string
  >
>;

/** The shop identity with the deployment's env overrides applied. */
export function shopIdentity(env: ShopSettings): ShopIdentity {
  return {
    ...DEMO_SHOP,
    name: env.SHOP_NAME ?? DEMO_SHOP.name,
    companyName: env.SHOP_COMPANY_NAME ?? DEMO_SHOP.companyName,
    companyNumber: env.SHOP_COMPANY_NUMBER ?? DEMO_SHOP.companyNumber,
    contactEmail: env.SHOP_CONTACT_EMAIL ?? DEMO_SHOP.contactEmail,
    sellCardsEmail: env.SHOP_SELL_CARDS_EMAIL ?? DEMO_SHOP.sellCardsEmail,
    buylistAddress: env.SHOP_BUYLIST_ADDRESS ? parseAddressLines(env.SHOP_BUYLIST_ADDRESS) : DEMO_SHOP.buylistAddress,
    communityChatUrl: env.SHOP_COMMUNITY_CHAT_URL ?? DEMO_SHOP.communityChatUrl,
    social: env.SHOP_SOCIAL_LINKS ? parseSocialLinks(env.SHOP_SOCIAL_LINKS) : DEMO_SHOP.social,
  };
}

function parseSocialLinks(value: string): ShopIdentity["social"] {
  return value
    .split(",")
    .map((pair) => pair.split("|").map((s) => s.trim()))
    .filter((parts): parts is [string, string] => parts.length === 2 && /^https?:\/\//.test(parts[1]!))
    .map(([label, url]) => ({ label, url }));
}

/** An address from one env value: lines separated by "|" (or newlines), blank ones dropped. */
export function parseAddressLines(value: string): string[] {
  return value
    .split(/\||\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
}
