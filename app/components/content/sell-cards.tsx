import { BadgePoundSterling, Camera, ListPlus, Mail, MessageCircle, Truck } from "lucide-react";
import { Link } from "react-router";
import { FaqList, ProsePage, Section, proseLinkClass } from "~/components/prose-page";
import { formatPence } from "~/utils/money";
import { useShop } from "~/web/shell";

/** The buying terms from the spec (§2 "Sell cards", §9). */
export const QUOTE_WITHIN_HOURS = 24;
const SHARE_OF_MARKET_PERCENT = 80;
const PAYMENT_BUSINESS_DAYS = "2–3";
const PREPAID_LABEL_OVER_PENCE = 15_000;

/** "£150.00" reads oddly in a sentence; whole-pound amounts drop the pence. */
function wholePounds(pence: number): string {
  return formatPence(pence).replace(/\.00$/, "");
}

const LANGUAGES = ["English", "Chinese", "Japanese"];
const CONDITIONS = ["Mint / Near Mint", "Lightly Played", "Moderately Played", "Graded"];

/** "Sell your cards" (/sell-cards): how selling to the shop works, what it buys and how to get in touch. */
export function SellYourCards() {
  const shop = useShop();
  const mailto = `mailto:${shop.sellCardsEmail}?subject=${encodeURIComponent("Selling my cards")}`;

  const steps = [
    {
      icon: Camera,
      title: "Contact Us",
      // The spec's first step ("Contact Us", photos of fronts and backs), by the sell list first; email and chat still work.
      text: "Start a sell list and add clear photos of the front and back of every card you'd like to sell, or email us or message us in our community chat with the photos.",
    },
    {
      icon: BadgePoundSterling,
      title: "Get Quote",
      text: `We check your photos and send you an offer within ${QUOTE_WITHIN_HOURS} hours.`,
    },
    {
      icon: Truck,
      title: "Ship & Get Paid",
      text: "Accept the offer and send your cards to us with shipping covered. We pay you as soon as we've received and verified them.",
    },
  ];

  return (
    <ProsePage
      title="Sell your cards"
      intro={`Got Pokémon cards you no longer need? ${shop.name} buys singles and graded slabs. Send us photos, get a quote within ${QUOTE_WITHIN_HOURS} hours, and get paid quickly once your cards arrive.`}
    >
      <div className="flex flex-col gap-4 rounded-xl border border-amber-300 bg-amber-50 p-5 sm:flex-row sm:items-center sm:justify-between" data-testid="start-sell-list">
        <p className="text-slate-800">
          <strong className="font-semibold text-slate-900">Know what you have?</strong> Build a sell list from our card database and see our offer for every card at
          once, in cash or store credit.
        </p>
        <Link
          to="/sell-cards/list"
          className="inline-flex shrink-0 items-center justify-center gap-2 rounded-lg bg-amber-500 px-5 py-3 font-semibold text-slate-900 shadow-sm hover:bg-amber-400"
        >
          <ListPlus aria-hidden className="h-5 w-5 shrink-0" />
          Start a sell list
        </Link>
      </div>

      <Section id="how-it-works" title="How it works">
        <ol className="grid gap-4 sm:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step.title} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <div className="flex items-center gap-3">
                <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-amber-100 text-amber-700">
                  <step.icon aria-hidden className="h-5 w-5" />
                </span>
                <h3 className="font-semibold text-slate-900">
                  <span className="sr-only">Step {index + 1}: </span>
                  <span aria-hidden className="text-amber-700">
                    {index + 1}.{" "}
                  </span>
                  {step.title}
                </h3>
              </div>
              <p className="mt-3 text-sm leading-6 text-slate-600">{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section id="what-we-buy" title="What we buy">
        <p>We buy Pokémon singles and graded slabs in three languages, in any of these conditions:</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="rounded-xl border border-slate-200 bg-white p-5">
            <h3 className="font-semibold text-slate-900">Languages</h3>
            <ul className="mt-2 list-disc space-y-1 pl-5 marker:text-amber-500">
              {LANGUAGES.map((language) => (
                <li key={language}>{language}</li>
              ))}
            </ul>
          </div>
          <div className="rounded-xl border border-slate-200 bg-white p-5">
            <h3 className="font-semibold text-slate-900">Conditions</h3>
            <ul className="mt-2 list-disc space-y-1 pl-5 marker:text-amber-500">
              {CONDITIONS.map((condition) => (
                <li key={condition}>{condition}</li>
              ))}
            </ul>
          </div>
        </div>
        <p>
          Both <strong className="font-semibold text-slate-900">singles</strong> (raw cards) and{" "}
          <strong className="font-semibold text-slate-900">slabs</strong> (professionally graded cards) are welcome.
        </p>
      </Section>

      <Section id="get-in-touch" title="Get in touch">
        <p>
          Send us a message with photos of the front and back of each card, plus anything we should know, such as the
          language of each card or the grade of any slabs. We'll come back to you with a quote within{" "}
          {QUOTE_WITHIN_HOURS} hours.
        </p>
        <div className="flex flex-col gap-3 sm:flex-row">
          <a
            href={mailto}
            className="inline-flex items-center justify-center gap-2 rounded-lg bg-amber-500 px-5 py-3 font-semibold text-slate-900 shadow-sm hover:bg-amber-400"
          >
            <Mail aria-hidden className="h-5 w-5 shrink-0" />
            <span>
              Email <span className="[overflow-wrap:anywhere]">{shop.sellCardsEmail}</span>
            </span>
          </a>
          <a
            href={shop.communityChatUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-5 py-3 font-semibold text-slate-900 shadow-sm hover:border-amber-400 hover:bg-amber-50"
          >
            <MessageCircle aria-hidden className="h-5 w-5 shrink-0" />
            Join our community chat
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </div>
      </Section>

      <Section id="faq" title="Frequently asked questions">
        <FaqList
          items={[
            {
              question: "How do you value my cards?",
              answer: (
                <p>
                  We value cards at current market prices and buy at about {SHARE_OF_MARKET_PERCENT}% of market value.
                  Your quote sets out what we're offering, so you can decide before you send anything.
                </p>
              ),
            },
            {
              question: "How and when will I be paid?",
              answer: (
                <p>
                  We pay by PayPal or bank transfer, whichever you prefer, within {PAYMENT_BUSINESS_DAYS} business days
                  of receiving your cards and verifying them against the photos you sent.
                </p>
              ),
            },
            {
              question: "Who pays for shipping?",
              answer: (
                <p>
                  For collections worth over {wholePounds(PREPAID_LABEL_OVER_PENCE)}, we send you a prepaid shipping
                  label. For smaller collections, we'll discuss the best way to ship your cards when we send your quote.
                </p>
              ),
            },
            {
              question: "Can I trade my cards instead of selling them?",
              answer: (
                <p>
                  Yes. We offer trades of sealed product for your singles and slabs. Just tell us you'd like a trade
                  when you get in touch.
                </p>
              ),
            },
          ]}
        />
      </Section>

      <p className="rounded-xl border border-slate-200 bg-white p-5 text-slate-700">
        Buying for a business rather than selling?{" "}
        <Link to="/wholesale" className={proseLinkClass}>
          Apply for a wholesale account
        </Link>{" "}
        for access to exclusive pricing.
      </p>
    </ProsePage>
  );
}
