import { Link } from "react-router";
import {
  BulletList,
  Callout,
  POLICY_LAST_UPDATED,
  ProsePage,
  Section,
  TableOfContents,
  proseLinkClass,
} from "~/components/prose-page";
import { useShop } from "~/web/shell";
import { ContactEmailLink } from "./contact-email-link";

const SECTIONS = [
  { id: "about-us", title: "About us" },
  { id: "who-can-buy", title: "Who can buy from us" },
  { id: "accounts", title: "Your account" },
  { id: "products-and-prices", title: "Products and prices" },
  { id: "orders-and-payment", title: "Orders and payment" },
  { id: "delivery", title: "Delivery" },
  { id: "cancellations-and-refunds", title: "Cancellations, returns and refunds" },
  { id: "pro-membership", title: "Pro membership" },
  { id: "selling-and-wholesale", title: "Selling cards and wholesale" },
  { id: "intellectual-property", title: "Trademarks and content" },
  { id: "liability", title: "Our liability" },
  { id: "privacy", title: "Your privacy" },
  { id: "changes", title: "Changes to these terms" },
  { id: "law", title: "Governing law" },
  { id: "contact", title: "Contact us" },
] as const;

type SectionId = (typeof SECTIONS)[number]["id"];
const title = (id: SectionId) => SECTIONS.find((s) => s.id === id)?.title ?? id;

/** The Terms and Conditions (/terms) of buying from the shop. */
export function TermsAndConditions() {
  const shop = useShop();
  const email = <ContactEmailLink />;

  return (
    <ProsePage
      title="Terms and Conditions"
      intro={`These terms apply to every order you place on the ${shop.name} website and to your use of the site. Please read them before you buy; by placing an order you agree to them.`}
      updated={POLICY_LAST_UPDATED}
    >
      <TableOfContents items={[...SECTIONS]} />

      <Section id="about-us" title={title("about-us")}>
        <p>
          {shop.name} is run by {shop.companyName}, a company registered in {shop.registeredIn} with company number{" "}
          {shop.companyNumber}. In these terms, "we", "us" and "our" mean {shop.companyName}, and "you" means the
          person using the site or placing an order.
        </p>
        <p>You can contact us at any time by emailing {email}.</p>
      </Section>

      <Section id="who-can-buy" title={title("who-can-buy")}>
        <BulletList>
          <li>
            You must be <strong className="font-semibold text-slate-900">18 or over</strong> to place an order, or have
            the permission of a parent or guardian.
          </li>
          <li>
            We sell to customers in the United Kingdom. International orders are accepted only by prior arrangement:
            please contact us before ordering, and see our{" "}
            <Link to="/delivery" className={proseLinkClass}>
              Delivery Policy
            </Link>{" "}
            for how we quote for international shipping.
          </li>
        </BulletList>
      </Section>

      <Section id="accounts" title={title("accounts")}>
        <p>
          You can browse the shop and fill a cart without an account, but you need to sign in to check out. When you
          create an account, please give accurate details, including a shipping address we can deliver to, and keep
          them up to date from your account page.
        </p>
        <p>
          Keep your password to yourself. You are responsible for orders placed through your account, so tell us
          straight away if you think someone else has used it.
        </p>
      </Section>

      <Section id="products-and-prices" title={title("products-and-prices")}>
        <BulletList>
          <li>
            All prices are in pounds sterling (GBP) and <strong className="font-semibold text-slate-900">include VAT
            where applicable</strong>.
          </li>
          <li>
            Delivery is charged separately. The delivery charge is shown in your cart's order summary before you pay.
          </li>
          <li>
            Some products have a limit per customer, shown on the product and in your cart. We may refuse or reduce
            quantities above that limit.
          </li>
          <li>Products are sold while stock lasts. A product's page shows whether it is in stock.</li>
          <li>
            If we discover that a product was listed at the wrong price, we will contact you before dispatch. You can
            then choose to go ahead at the correct price or cancel your order without charge.
          </li>
        </BulletList>
      </Section>

      <Section id="orders-and-payment" title={title("orders-and-payment")}>
        <p>
          Payment is taken by card through our payment provider's secure, hosted payment page. When you check out, you
          leave our site to pay on that page; your card details are entered there and are never seen or stored by us.
        </p>
        <p>
          Your order is accepted once your payment has been completed and you see the order confirmation page. We
          also send a confirmation to your email address. Your orders, their status and any tracking numbers are listed
          in the order history on your account page.
        </p>
      </Section>

      <Section id="delivery" title={title("delivery")}>
        <p>
          We dispatch orders within 1–2 business days and aim to deliver within about 4 business days. Full details,
          including delivery charges, tracking and what to do if something goes wrong, are in our{" "}
          <Link to="/delivery" className={proseLinkClass}>
            Delivery Policy
          </Link>
          .
        </p>
      </Section>

      <Section id="cancellations-and-refunds" title={title("cancellations-and-refunds")}>
        <Callout title="All sales are final">
          <p>
            We only accept returns of items that are defective or arrived damaged, reported to us within 48 hours of
            delivery with photos.
          </p>
        </Callout>
        <BulletList>
          <li>
            If you cancel an order that has not yet been shipped, a 5% cancellation fee applies.
          </li>
          <li>
            Where a claim is accepted, we will offer a refund, a replacement or store credit.
          </li>
        </BulletList>
        <p>
          How to make a claim and how long each step takes are set out in our{" "}
          <Link to="/refund" className={proseLinkClass}>
            Refund Policy
          </Link>
          . Nothing in these terms affects your statutory rights as a consumer.
        </p>
      </Section>

      <Section id="pro-membership" title={title("pro-membership")}>
        <p>
          Pro membership gives you our premium prices on products that have one. It is a{" "}
          <strong className="font-semibold text-slate-900">recurring subscription</strong>, billed monthly or
          quarterly depending on the plan you choose, and paid by card through our payment provider. It renews
          automatically at the end of each period until you cancel.
        </p>
        <p>
          You can cancel at any time from the Subscription tab of your account. Cancellation takes effect at the end
          of the period you have already paid for: you keep Pro prices until then and are not charged again.
        </p>
      </Section>

      <Section id="selling-and-wholesale" title={title("selling-and-wholesale")}>
        <p>
          If you would like to sell cards to us, see{" "}
          <Link to="/sell-cards" className={proseLinkClass}>
            Sell your cards
          </Link>
          . Our quotes are based on the photos you send and are confirmed once we have received and verified the
          cards.
        </p>
        <p>
          Businesses can apply for a wholesale account through our{" "}
          <Link to="/wholesale" className={proseLinkClass}>
            wholesale application
          </Link>
          . Wholesale accounts are subject to approval, and approved applicants receive stock lists by email.
        </p>
      </Section>

      <Section id="intellectual-property" title={title("intellectual-property")}>
        <p>
          Pokémon and its trademarks belong to their respective owners. {shop.name} is an independent retailer and is
          not affiliated with or endorsed by them. The content of this website, other than those trademarks and
          product images supplied by manufacturers, belongs to {shop.companyName}.
        </p>
      </Section>

      <Section id="liability" title={title("liability")}>
        <p>
          We are responsible for loss or damage you suffer that is a foreseeable result of our breaking these terms or
          failing to use reasonable care and skill. We are not responsible for loss or damage that is not
          foreseeable.
        </p>
        <p>
          We do not exclude or limit our liability where it would be unlawful to do so, including for death or
          personal injury caused by our negligence, for fraud or fraudulent misrepresentation, or for breach of your
          legal rights in relation to the products.
        </p>
      </Section>

      <Section id="privacy" title={title("privacy")}>
        <p>
          We use your personal data only as described in our{" "}
          <Link to="/privacy" className={proseLinkClass}>
            Privacy Policy
          </Link>
          . The cookies and browser storage we use are listed in our{" "}
          <Link to="/cookies" className={proseLinkClass}>
            Cookie Policy
          </Link>
          .
        </p>
      </Section>

      <Section id="changes" title={title("changes")}>
        <p>
          We may update these terms from time to time. The terms that apply to an order are the ones shown on this
          page when you placed it. The date at the top of the page tells you when they last changed.
        </p>
      </Section>

      <Section id="law" title={title("law")}>
        <p>
          These terms are governed by the law of England and Wales, and you can bring proceedings in the courts of
          England and Wales. If you live in Scotland or Northern Ireland, you can also bring proceedings in your local
          courts.
        </p>
      </Section>

      <Section id="contact" title={title("contact")}>
        <p>
          Questions about these terms or an order? Email us at {email} and we will get back to you as soon as we can.
        </p>
        <p className="text-sm text-slate-500">
          {shop.companyName} · Registered in {shop.registeredIn} · Company number {shop.companyNumber}
        </p>
      </Section>
    </ProsePage>
  );
}
