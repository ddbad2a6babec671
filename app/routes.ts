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
  route("cart", "routes/cart.tsx"),
  route("register", "routes/register.tsx"),
  route("login", "routes/login.tsx"),
  route("logout", "routes/logout.tsx"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("reset-password/:token?", "routes/reset-password.tsx"),
  route("account", "routes/account.tsx"),
  route("admin/outbox", "routes/admin-outbox.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
