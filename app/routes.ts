import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("sell-cards", "routes/sell-cards.tsx"),
  route("terms", "routes/terms.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("delivery", "routes/delivery.tsx"),
  route("refund", "routes/refund.tsx"),
  route("cookies", "routes/cookies.tsx"),
  route("images/art/:kind/:file", "routes/product-art.ts"),
  route("wholesale", "routes/wholesale.tsx"),
  route("admin/wholesale-applications", "routes/admin-wholesale-applications.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
