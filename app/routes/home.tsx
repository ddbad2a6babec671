import { MessageCircleIcon, TriangleAlertIcon } from "~/components/ui/icons";
import { Link } from "react-router";
import { ProductCard } from "~/components/product-card";
import { HOME_BANNER_TEXT, HOME_NEW_RELEASES_COUNT } from "~/config/constants";
import { listLanguages, newestProducts } from "~/modules/catalog/queries.server";
import { pageMeta } from "~/utils/seo";
import { useShop } from "~/web/shell";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  const [languages, newReleases] = await Promise.all([
    listLanguages(context.db),
    newestProducts(context.db, HOME_NEW_RELEASES_COUNT),
  ]);
  return { languages, newReleases };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Pokémon TCG booster boxes, singles and slabs",
    description:
      "Buy Pokémon trading cards in the UK: English, Japanese, Chinese and Korean booster boxes, elite trainer boxes, singles and graded slabs. We also buy your cards.",
  });

export default function Home({ loaderData }: Route.ComponentProps) {
  const shop = useShop();
  return (
    <div className="space-y-10">
      <p
        role="status"
        className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-100 px-4 py-3 text-sm font-medium text-amber-900"
      >
        <TriangleAlertIcon className="mt-0.5 h-4 w-4 shrink-0" />
        {HOME_BANNER_TEXT}
      </p>

      <section aria-labelledby="languages-heading">
        <h1 id="languages-heading" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          Shop by language
        </h1>
        <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {loaderData.languages.map((language) => (
            <li key={language.id}>
              <Link
                to={`/language/${language.slug}`}
                className="flex h-full flex-col items-center gap-2 rounded-xl border border-slate-200 bg-white p-3 text-center shadow-sm sm:flex-row sm:gap-3 sm:text-left transition hover:border-amber-400 hover:shadow-md"
              >
                <img src={language.flagUrl} alt="" width={48} height={36} className="h-9 w-12 shrink-0 rounded border border-slate-200 object-cover" />
                <span className="min-w-0">
                  <span className="block break-words text-sm font-semibold leading-tight text-slate-900 sm:text-base">{language.name}</span>
                  <span className="block text-xs uppercase text-slate-500">{language.code}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="new-releases-heading">
        <h2 id="new-releases-heading" className="text-2xl font-bold tracking-tight text-slate-900">
          New Releases
        </h2>
        <ul className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
          {loaderData.newReleases.map((product, index) => (
            <li key={product.id} data-testid="new-release">
              <ProductCard product={product} eager={index < 4} />
            </li>
          ))}
        </ul>
      </section>

      <section
        aria-labelledby="community-heading"
        className="flex flex-col items-start gap-4 rounded-2xl bg-indigo-600 p-6 text-white sm:flex-row sm:items-center sm:justify-between sm:p-8"
      >
        <div>
          <h2 id="community-heading" className="text-xl font-bold">
            Join the {shop.name} community
          </h2>
          <p className="mt-1 text-indigo-100">
            Restock alerts, pull showcases, trades and early news on new sets. Come and say hello.
          </p>
        </div>
        <a
          href={shop.communityChatUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex shrink-0 items-center gap-2 rounded-lg bg-white px-5 py-2.5 font-semibold text-indigo-700 hover:bg-indigo-50"
        >
          <MessageCircleIcon className="h-5 w-5" /> Join our community chat
        </a>
      </section>
    </div>
  );
}
