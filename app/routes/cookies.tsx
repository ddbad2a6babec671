import { CookiePolicy } from "~/components/content/cookie-policy";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/cookies";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Cookie Policy",
    description:
      "We use only two strictly necessary cookies and two local storage entries, to keep you signed in and remember your cart. No analytics or advertising cookies.",
  });

export default function Cookies() {
  return <CookiePolicy />;
}
