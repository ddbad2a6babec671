import { Link } from "react-router";
import {
  BulletList,
  Callout,
  POLICY_LAST_UPDATED,
  ProsePage,
  Section,
  SubSection,
  TableOfContents,
  proseLinkClass,
} from "~/components/prose-page";
import { useShop } from "~/web/shell";
import { ContactEmailLink } from "./contact-email-link";

const SECTIONS = [
  { id: "who-we-are", title: "Who we are" },
  { id: "what-we-hold", title: "What data we hold" },
  { id: "payment-cards", title: "Payment card details" },
  { id: "how-we-use-it", title: "How and why we use your data" },
  { id: "sharing", title: "Who we share it with" },
  { id: "retention", title: "How long we keep it" },
  { id: "your-rights", title: "Your rights under UK GDPR" },
  { id: "children", title: "Children" },
  { id: "cookies", title: "Cookies" },
  { id: "security", title: "Keeping your data safe" },
  { id: "changes", title: "Changes to this policy" },
  { id: "contact", title: "Contact us" },
] as const;

type SectionId = (typeof SECTIONS)[number]["id"];
const title = (id: SectionId) => SECTIONS.find((s) => s.id === id)?.title ?? id;

const ICO_URL = "https://ico.org.uk/make-a-complaint/";

/** The Privacy Policy (/privacy): what we hold, why, for how long, and your rights under UK GDPR. */
export function PrivacyPolicy() {
  const shop = useShop();
  const email = <ContactEmailLink />;
  const strong = "font-semibold text-slate-900";

  return (
    <ProsePage
      title="Privacy Policy"
      intro={`This policy explains what personal data ${shop.name} holds about you, why we hold it, how long we keep it and the rights you have over it.`}
      updated={POLICY_LAST_UPDATED}
    >
      <TableOfContents items={[...SECTIONS]} />

      <Section id="who-we-are" title={title("who-we-are")}>
        <p>
          {shop.name} is run by {shop.companyName}, a company registered in {shop.registeredIn} with company number{" "}
          {shop.companyNumber}. We are the controller of the personal data described in this policy, which means we
          decide how and why it is used.
        </p>
        <p>For anything about your data, including using any of your rights, email us at {email}.</p>
      </Section>

      <Section id="what-we-hold" title={title("what-we-hold")}>
        <p>We only hold the data we need to run the shop:</p>
        <SubSection title="Your account">
          <p>
            Your full name, email address and password when you register, and whether you are a Pro member. Your
            password is stored only in a securely hashed form, so nobody at {shop.name} can read it. While you are
            signed in, we also record when your session started and was last used, your browser type and your IP
            address, to keep your account secure.
          </p>
        </SubSection>
        <SubSection title="Your address">
          <p>
            The shipping address you save on your account page (address lines, town or city, region, postcode and
            country), which we use to deliver your orders.
          </p>
        </SubSection>
        <SubSection title="Your orders">
          <p>
            What you ordered, the quantities and prices, the order total, the order status, the date, any tracking
            number and a reference to the payment session. If you are a Pro member, we also hold your plan, its status,
            its start, end and renewal dates and the amount charged.
          </p>
        </SubSection>
        <SubSection title="Your cart">
          <p>
            The products and quantities in your cart, linked to your account when you are signed in, or to a random
            guest cart identifier when you are not.
          </p>
        </SubSection>
        <SubSection title="Wholesale applications">
          <p>
            If you apply for a wholesale account: your contact name, email address, contact number, chat or marketplace
            usernames, billing address, delivery address (if given), business type, company name and company number
            (for limited companies), any additional information you include and whether you have asked to receive
            our newsletter.
          </p>
        </SubSection>
        <SubSection title="Messages you send us">
          <p>
            Emails and chat messages you send us, including photos of cards you would like to sell to us and your
            PayPal or bank details if you choose to be paid for them.
          </p>
        </SubSection>
      </Section>

      <Section id="payment-cards" title={title("payment-cards")}>
        <Callout title="We never store your card details">
          <p>
            Card payments are handled entirely by our payment provider on its own secure, hosted payment page. Your card
            number and security code go straight to the provider and are never seen or stored by {shop.name}. We only
            receive confirmation that you have paid, with a reference we use to match the payment to your order.
          </p>
        </Callout>
      </Section>

      <Section id="how-we-use-it" title={title("how-we-use-it")}>
        <p>Data protection law requires a lawful basis for each use of your data. Ours are:</p>
        <BulletList>
          <li>
            <strong className={strong}>To perform our contract with you:</strong> running your account and cart,
            taking payment, dispatching and tracking your orders, handling claims and refunds, providing your Pro
            membership, buying cards from you and assessing your wholesale application.
          </li>
          <li>
            <strong className={strong}>To meet our legal obligations:</strong> keeping accounting and tax records, and
            responding to lawful requests from authorities.
          </li>
          <li>
            <strong className={strong}>For our legitimate interests:</strong> keeping the site and your account
            secure, preventing fraud and abuse, enforcing per-customer purchase limits fairly and answering your questions.
          </li>
          <li>
            <strong className={strong}>With your consent:</strong> sending our newsletter to wholesale customers who
            ask for it. You can withdraw consent at any time by emailing us.
          </li>
        </BulletList>
        <p>We do not sell your data, and we do not use it for advertising or profiling.</p>
      </Section>

      <Section id="sharing" title={title("sharing")}>
        <p>We share your data only with the service providers who help us run the shop, and only what they need:</p>
        <BulletList>
          <li>our payment provider, to take card payments and run Pro subscriptions;</li>
          <li>our hosting provider, whose servers store the data described above;</li>
          <li>our email provider, which delivers order confirmations and other account emails;</li>
          <li>our delivery carrier, which receives your name and shipping address to deliver your parcel;</li>
          <li>our professional advisers and the authorities, where the law requires it.</li>
        </BulletList>
        <p>
          Where a provider processes data outside the UK, we make sure appropriate safeguards are in place as UK data
          protection law requires.
        </p>
      </Section>

      <Section id="retention" title={title("retention")}>
        <BulletList>
          <li>Account and address details: for as long as your account is open.</li>
          <li>Sign-in session records: deleted once you sign out or the session expires.</li>
          <li>
            Order, payment and subscription records: for as long as the law requires us to keep accounting records
            (normally six years from the end of the financial year they relate to).
          </li>
          <li>Wholesale applications: while the application is being considered and, if approved, while you trade with us.</li>
          <li>Messages: for as long as we need them to deal with your enquiry or sale.</li>
        </BulletList>
        <p>When we no longer need your data, we delete it or make it anonymous.</p>
      </Section>

      <Section id="your-rights" title={title("your-rights")}>
        <p>Under the UK General Data Protection Regulation (UK GDPR) you have the right to:</p>
        <BulletList>
          <li>
            <strong className={strong}>Access</strong> – ask for a copy of the personal data we hold about you.
          </li>
          <li>
            <strong className={strong}>Rectification</strong> – have inaccurate or incomplete data corrected. You can
            update your name and address yourself on your account page.
          </li>
          <li>
            <strong className={strong}>Erasure</strong> – ask us to delete your data, unless we have to keep it (for
            example, order records we must keep by law).
          </li>
          <li>
            <strong className={strong}>Restriction</strong> – ask us to limit how we use your data, for example while
            we check whether it is accurate.
          </li>
          <li>
            <strong className={strong}>Portability</strong> – receive the data you gave us in a structured,
            machine-readable format, or have it sent to another organisation.
          </li>
          <li>
            <strong className={strong}>Objection</strong> – object to our using your data on the basis of our
            legitimate interests.
          </li>
          <li>
            <strong className={strong}>Complaint to the ICO</strong> – complain to the Information Commissioner's
            Office, the UK's data protection regulator, at{" "}
            <a href={ICO_URL} target="_blank" rel="noopener noreferrer" className={proseLinkClass}>
              ico.org.uk
              <span className="sr-only"> (opens in a new tab)</span>
            </a>{" "}
            or on 0303 123 1113.
          </li>
        </BulletList>
        <p>
          To use any of these rights, email us at {email}. It is free, and we will reply within one month. We may ask
          you to confirm your identity first. We would appreciate the chance to deal with any concern before you
          contact the ICO.
        </p>
      </Section>

      <Section id="children" title={title("children")}>
        <p>
          Our website is not intended for children under 13, and we do not knowingly collect personal data from them.
          If you believe a child under 13 has given us their data, please email us and we will delete it. Customers
          must be 18 or over, or have a parent's or guardian's permission, to place an order (see our{" "}
          <Link to="/terms" className={proseLinkClass}>
            Terms and Conditions
          </Link>
          ).
        </p>
      </Section>

      <Section id="cookies" title={title("cookies")}>
        <p>
          We use only the cookies and browser storage needed to keep you signed in and to remember your cart. We do
          not use analytics or advertising cookies. Each one is listed in our{" "}
          <Link to="/cookies" className={proseLinkClass}>
            Cookie Policy
          </Link>
          .
        </p>
      </Section>

      <Section id="security" title={title("security")}>
        <p>
          Our site is served over an encrypted connection (HTTPS), access to personal data is limited to the people who
          need it to run the shop, and card payments never pass through our systems. Please help us by choosing a
          strong password that you do not use anywhere else.
        </p>
      </Section>

      <Section id="changes" title={title("changes")}>
        <p>
          We will update this policy if the way we use your data changes. The date at the top of the page shows when
          it was last updated.
        </p>
      </Section>

      <Section id="contact" title={title("contact")}>
        <p>Questions about this policy or your data? Email us at {email}.</p>
        <p className="text-sm text-slate-500">
          {shop.companyName} · Registered in {shop.registeredIn} · Company number {shop.companyNumber}
        </p>
      </Section>
    </ProsePage>
  );
}
