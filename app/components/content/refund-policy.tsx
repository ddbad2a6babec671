import { Link } from "react-router";
import {
  BulletList,
  Callout,
  POLICY_LAST_UPDATED,
  ProsePage,
  Section,
  proseLinkClass,
} from "~/components/prose-page";
import { ContactEmailLink } from "./contact-email-link";

/** Refund terms from the spec (§9). */
export const CLAIM_WINDOW_HOURS = 48;
const CANCELLATION_FEE_PERCENT = 5;
const RESPONSE_BUSINESS_DAYS = "2–5";
const LATE_REFUND_BUSINESS_DAYS = 7;

/** The Refund Policy (/refund): claims for damaged or defective items, cancellations and refunds. */
export function RefundPolicy() {
  const email = <ContactEmailLink />;
  const strong = "font-semibold text-slate-900";

  return (
    <ProsePage
      title="Refund Policy"
      intro="What to do if an item arrives damaged or defective, how to cancel an order, and when to expect your money back."
      updated={POLICY_LAST_UPDATED}
    >
      <Callout title="All sales are final">
        <p>
          We cannot accept returns because you have changed your mind. We only accept claims for items that are{" "}
          <strong className="font-semibold">defective or damaged</strong>, reported within {CLAIM_WINDOW_HOURS} hours of
          delivery with photos.
        </p>
      </Callout>

      <Section id="damaged-or-defective" title="Damaged or defective items">
        <p>If an item arrives damaged or defective:</p>
        <ol className="list-decimal space-y-2 pl-5 marker:font-semibold marker:text-amber-700">
          <li>
            Email {email} <strong className={strong}>within {CLAIM_WINDOW_HOURS} hours of delivery</strong>. Claims made
            later than this cannot be accepted.
          </li>
          <li>Include your order number and a short description of the problem.</li>
          <li>
            Attach clear <strong className={strong}>photos</strong> of the item and of the packaging it arrived in.
            Please keep the item and its packaging until your claim has been settled.
          </li>
        </ol>
        <p>
          We will respond within <strong className={strong}>{RESPONSE_BUSINESS_DAYS} business days</strong>. If we
          accept your claim, we will put things right with one of the following:
        </p>
        <BulletList>
          <li>a refund to your original payment method;</li>
          <li>a replacement of the same item, if we have it in stock;</li>
          <li>store credit to use on a future order.</li>
        </BulletList>
      </Section>

      <Section id="cancellations" title="Cancelling an order">
        <p>
          You can cancel an order as long as it <strong className={strong}>has not yet been shipped</strong>. Email{" "}
          {email} with your order number as soon as possible. A{" "}
          <strong className={strong}>{CANCELLATION_FEE_PERCENT}% cancellation fee</strong> applies, and we refund the
          rest of your payment.
        </p>
        <p>Once an order has been shipped, it can no longer be cancelled.</p>
      </Section>

      <Section id="refund-timing" title="When you will receive your refund">
        <p>
          Refunds are made to the card you paid with. Once we have issued a refund, it can take a few business days
          for your bank or card provider to process it and show it on your account.
        </p>
        <p>
          If your refund hasn't appeared, please check your bank account again and then contact your card provider. If
          you still haven't received it{" "}
          <strong className={strong}>after {LATE_REFUND_BUSINESS_DAYS} business days</strong>, email us at {email} and
          we will look into it.
        </p>
      </Section>

      <Section id="pro-membership" title="Pro membership">
        <p>
          You can cancel your Pro subscription at any time from the Subscription tab of{" "}
          <Link to="/account" className={proseLinkClass}>
            your account
          </Link>
          . Cancellation takes effect at the end of the period you have already paid for, and you keep Pro prices until
          then. See our{" "}
          <Link to="/terms#pro-membership" className={proseLinkClass}>
            Terms and Conditions
          </Link>{" "}
          for details.
        </p>
      </Section>

      <Section id="more" title="More information">
        <p>
          Claims about parcels that are lost or late are covered in our{" "}
          <Link to="/delivery" className={proseLinkClass}>
            Delivery Policy
          </Link>
          . This policy forms part of our{" "}
          <Link to="/terms" className={proseLinkClass}>
            Terms and Conditions
          </Link>
          . Nothing in it affects your statutory rights as a consumer.
        </p>
        <p>Any questions? Email us at {email}.</p>
      </Section>
    </ProsePage>
  );
}
