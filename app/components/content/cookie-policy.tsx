import { Link } from "react-router";
import { Callout, POLICY_LAST_UPDATED, ProsePage, Section, proseLinkClass } from "~/components/prose-page";
import { CART_STORAGE_KEY, GUEST_CART_COOKIE, GUEST_CART_ID_KEY, SESSION_COOKIE } from "~/config/constants";
import { useShop } from "~/web/shell";

interface StoredItem {
  name: string;
  type: string;
  purpose: string;
  duration: string;
}

/** Everything the shop stores in your browser: exactly these four, nothing else. */
const STORED_ITEMS: StoredItem[] = [
  {
    name: SESSION_COOKIE,
    type: "Cookie – strictly necessary, HttpOnly",
    purpose: "Keeps you signed in to your account as you move around the site.",
    duration: 'Ends when you close your browser, unless you tick "Remember me" when signing in, in which case 30 days.',
  },
  {
    name: GUEST_CART_COOKIE,
    type: "Cookie – strictly necessary",
    purpose: "Identifies your cart when you are not signed in, so it survives page reloads.",
    duration: "30 days",
  },
  {
    name: CART_STORAGE_KEY,
    type: "Local storage",
    purpose: "A copy of your cart, so it shows instantly when a page loads.",
    duration: "Until you clear your browser's site data",
  },
  {
    name: GUEST_CART_ID_KEY,
    type: "Local storage",
    purpose: "Your guest cart's identifier.",
    duration: "Until you clear your browser's site data",
  },
];

/** The Cookie Policy (/cookies): every cookie and local storage entry the shop uses. */
export function CookiePolicy() {
  const shop = useShop();

  return (
    <ProsePage
      title="Cookie Policy"
      intro={`${shop.name} stores as little as possible in your browser: just enough to keep you signed in and remember your cart. This page lists every cookie and local storage entry we use.`}
      updated={POLICY_LAST_UPDATED}
    >
      <Callout title="No analytics or advertising cookies">
        <p>
          We do not use analytics, advertising or social media tracking cookies, and we do not let third parties set
          cookies on our pages.
        </p>
      </Callout>

      <Section id="what-we-store" title="What we store">
        <p>
          Cookies are small text files that a website asks your browser to keep. Local storage is a similar store in
          your browser that only our own pages can read. We use these four items:
        </p>
        <div
          role="region"
          aria-labelledby="stored-items-caption"
          tabIndex={0}
          className="overflow-x-auto rounded-xl border border-slate-200 bg-white"
        >
          <table className="w-full min-w-[40rem] border-collapse text-left text-sm">
            <caption id="stored-items-caption" className="sr-only">
              Cookies and local storage used by {shop.name}
            </caption>
            <thead className="bg-slate-50 text-slate-900">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">Name</th>
                <th scope="col" className="px-4 py-3 font-semibold">Type</th>
                <th scope="col" className="px-4 py-3 font-semibold">Purpose</th>
                <th scope="col" className="px-4 py-3 font-semibold">Duration</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 align-top text-slate-700">
              {STORED_ITEMS.map((item) => (
                <tr key={item.name}>
                  <th scope="row" className="px-4 py-3 font-normal">
                    <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[0.8125rem] text-slate-900">
                      {item.name}
                    </code>
                  </th>
                  <td className="px-4 py-3">{item.type}</td>
                  <td className="px-4 py-3">{item.purpose}</td>
                  <td className="px-4 py-3">{item.duration}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="text-sm text-slate-500 sm:hidden">Scroll the table sideways to see every column.</p>
      </Section>

      <Section id="why-no-banner" title="Why we don't ask for consent">
        <p>
          Both cookies are strictly necessary: the site cannot keep you signed in or remember your cart without them.
          Under UK law (the Privacy and Electronic Communications Regulations), strictly necessary cookies and storage
          do not need your consent, so we don't ask you to accept them. "HttpOnly" means the session cookie
          cannot be read by scripts running in the page, which helps protect your account.
        </p>
      </Section>

      <Section id="other-sites" title="Other websites">
        <p>
          When you pay, you are taken to our payment provider's hosted payment page, and our community chat and social
          media links open other websites. Those sites may set their own cookies, which are covered by their own
          policies rather than this one.
        </p>
      </Section>

      <Section id="managing" title="Managing cookies and storage">
        <p>
          You can delete cookies and local storage at any time in your browser's settings, usually under "Privacy" or
          "Site data". If you do, you will be signed out and any cart you kept as a guest will be emptied. If you block
          our cookies altogether, you will not be able to sign in or check out.
        </p>
        <p>
          To find out how we handle your personal data more generally, read our{" "}
          <Link to="/privacy" className={proseLinkClass}>
            Privacy Policy
          </Link>
          .
        </p>
      </Section>
    </ProsePage>
  );
}
