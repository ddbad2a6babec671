/**
 * The shop's identity: who runs it and how to reach them. One place, env overrides on the
 * server (see shop.server.ts), demo defaults here. Safe to import on the client.
 */
export interface ShopIdentity {
  name: string;
  companyName: string;
  companyNumber: string;
  registeredIn: string;
  contactEmail: string;
  sellCardsEmail: string;
  /** Where customers post the cards they sell us (the buylist), one line per address line. */
  buylistAddress: string[];
  communityChatUrl: string;
  social: { label: string; url: string }[];
}

export const DEMO_SHOP: ShopIdentity = {
  name: "Nearmint",
  companyName: "Nearmint Cards Ltd",
  companyNumber: "15234567",
  registeredIn: "England and Wales",
  contactEmail: "hello@nearmint.example",
  sellCardsEmail: "sell@nearmint.example",
  buylistAddress: ["Nearmint Cards Ltd (Buylist)", "Unit 4, Demo Trading Estate", "Leeds", "LS1 4DE"],
  communityChatUrl: "https://discord.gg/nearmint-demo",
  social: [
    { label: "Instagram", url: "https://www.instagram.com/nearmint.demo" },
    { label: "TikTok", url: "https://www.tiktok.com/@nearmint.demo" },
    { label: "X", url: "https://x.com/nearmint_demo" },
  ],
};
