import { Link } from "react-router";
import {
  BulletList,
  Callout,
  KeyFacts,
  POLICY_LAST_UPDATED,
  ProsePage,
  Section,
  proseLinkClass,
} from "~/components/prose-page";
import { CART_SHIPPING_LABEL, CART_SHIPPING_PENCE, POLICY_STANDARD_DELIVERY_PENCE } from "~/config/constants";
import { formatPence } from "~/utils/money";
import { ContactEmailLink } from "./contact-email-link";

/** The Delivery Policy (/delivery): costs, dispatch and delivery times, and what to do when a parcel goes wrong. */
export function DeliveryPolicy() {
  const email = <ContactEmailLink />;
  const standard = formatPence(POLICY_STANDARD_DELIVERY_PENCE);
  const cartCharge = formatPence(CART_SHIPPING_PENCE);

  return (
    <ProsePage
      title="Delivery Policy"
      intro="How much delivery costs, when your order will be dispatched, how long it takes to arrive and what to do if something goes wrong."
      updated={POLICY_LAST_UPDATED}
    >
      <KeyFacts
        label="Delivery at a glance"
        items={[
          { term: "Standard UK delivery", value: standard },
          { term: "Dispatch", value: "Within 1–2 business days" },
          { term: "Delivery time", value: "About 4 business days" },
          { term: "Problems with your parcel", value: "Tell us within 48 hours of delivery" },
        ]}
      />

      <Section id="charges" title="Delivery charges">
        <p>
          Our standard UK delivery rate is <strong className="font-semibold text-slate-900">{standard}</strong>.
        </p>
        <p>
          Orders placed through the checkout on this website carry a flat{" "}
          <strong className="font-semibold text-slate-900">
            "{CART_SHIPPING_LABEL}" charge of {cartCharge}
          </strong>
          , whatever the size of the order. It is added once per order and shown in the order summary in your cart,
          so you always see the exact delivery charge, and your total, before you pay.
        </p>
      </Section>

      <Section id="dispatch" title="Dispatch times">
        <p>
          We dispatch orders within <strong className="font-semibold text-slate-900">1–2 business days</strong> of
          receiving your payment. Most in-stock items go out sooner, which is why product pages say they are usually
          dispatched within 24 hours. Business days are Monday to Friday, excluding UK bank holidays.
        </p>
        <p>
          If something is delaying dispatches, for example a shortage of packaging, we post a notice on our{" "}
          <Link to="/" className={proseLinkClass}>
            home page
          </Link>{" "}
          saying how long the delay is expected to last.
        </p>
      </Section>

      <Section id="delivery-times" title="Delivery times">
        <p>
          Once dispatched, UK orders usually arrive in{" "}
          <strong className="font-semibold text-slate-900">about 4 business days</strong>. This is an estimate rather
          than a guarantee: carriers' delivery times can vary, especially at busy times of year.
        </p>
      </Section>

      <Section id="tracking" title="Tracking your order">
        <p>
          When your order is dispatched, its tracking number appears in the order history on{" "}
          <Link to="/account" className={proseLinkClass}>
            your account page
          </Link>
          . Select the tracking number to follow your parcel on the carrier's website.
        </p>
      </Section>

      <Section id="problems" title="Damaged, missing or incorrect items">
        <Callout title="Tell us within 48 hours of delivery">
          <p>
            Claims for damaged, defective, missing or incorrect items must be made within 48 hours of delivery. Email{" "}
            {email} with your order number and photos of the items and the packaging.
          </p>
        </Callout>
        <p>
          If your parcel hasn't arrived in the expected time, check the tracking first, then email us with your order
          number and we will look into it with the carrier. How claims are settled is explained in our{" "}
          <Link to="/refund" className={proseLinkClass}>
            Refund Policy
          </Link>
          .
        </p>
      </Section>

      <Section id="international" title="International orders">
        <p>
          We ship within the United Kingdom. International orders are possible{" "}
          <strong className="font-semibold text-slate-900">only by prior arrangement</strong>:
        </p>
        <BulletList>
          <li>email {email} before you order, with the products you want and your full delivery address;</li>
          <li>we will reply with a custom shipping quote for your destination;</li>
          <li>
            any import duties, taxes or customs charges in your country are set by its authorities and are payable by
            you on delivery.
          </li>
        </BulletList>
      </Section>

      <Section id="address" title="Your delivery address">
        <p>
          We send orders to the shipping address on your account, so please check it on{" "}
          <Link to="/account" className={proseLinkClass}>
            your account page
          </Link>{" "}
          before you check out. If you spot a mistake after ordering, email us straight away: we can usually correct it
          as long as the order hasn't been dispatched.
        </p>
      </Section>
    </ProsePage>
  );
}
