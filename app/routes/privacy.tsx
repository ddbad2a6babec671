import { PrivacyPolicy } from "~/components/content/privacy-policy";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Privacy Policy",
    description:
      "What personal data we hold about you (account, address, orders and wholesale applications), why we hold it, who we share it with and your rights under UK GDPR.",
  });

export default function Privacy() {
  return <PrivacyPolicy />;
}
