import { proseLinkClass } from "~/components/prose-page";
import { useShop } from "~/web/shell";

/** The shop's contact email as a mailto link, for the policy pages' prose. */
export function ContactEmailLink() {
  const shop = useShop();
  return (
    <a href={`mailto:${shop.contactEmail}`} className={proseLinkClass}>
      {shop.contactEmail}
    </a>
  );
}
