import { robotsTxt } from "~/modules/catalog/sitemap";
import { cachedTextResponse } from "~/web/text-response.server";
import type { Route } from "./+types/robots-txt";

/** GET /robots.txt — points crawlers at the sitemap and away from private areas. */
export function loader({ request, context }: Route.LoaderArgs) {
  return cachedTextResponse(request, robotsTxt(context.env.publicUrl), "text/plain; charset=utf-8", "public, max-age=3600");
}
