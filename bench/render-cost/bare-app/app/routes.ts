import { type RouteConfig, route } from "@react-router/dev/routes";

export default [route("products/:slug", "routes/product.tsx")] satisfies RouteConfig;
