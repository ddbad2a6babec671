import { CrownIcon, HandCoinsIcon, SearchIcon, ShoppingCartIcon, UserIcon } from "~/components/ui/icons";
import { Form, Link, useNavigate, useSearchParams } from "react-router";
import type { ShellUser } from "~/web/shell";
import { useShop } from "~/web/shell";

export function SiteHeader({ user, cartCount }: { user: ShellUser | null; cartCount: number }) {
  const shop = useShop();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 sm:px-6 lg:px-8">
        <Link to="/" className="flex shrink-0 items-center gap-2 text-xl font-black tracking-tight text-slate-900">
          <span aria-hidden className="grid h-8 w-8 place-items-center rounded-lg bg-amber-500 text-white">N</span>
          {/* On the narrowest phones the mark alone keeps the header to two rows. */}
          <span className="sr-only min-[440px]:not-sr-only">{shop.name}</span>
        </Link>
        <div className="order-last w-full md:order-none md:ml-4 md:w-auto md:flex-1">
          <HeaderSearch />
        </div>
        <nav aria-label="Account and cart" className="ml-auto flex items-center gap-0.5 sm:gap-2">
          <Link
            to="/sell-cards"
            className="inline-flex items-center gap-1.5 rounded-lg bg-amber-500 px-2.5 py-2 text-sm font-semibold text-slate-900 hover:bg-amber-400 sm:px-3"
          >
            <HandCoinsIcon className="hidden h-4 w-4 min-[400px]:block" />
            <span>Sell your cards</span>
          </Link>
          {user?.isPremium ? null : (
            <Link
              to="/pro"
              className="inline-flex items-center gap-1 rounded-lg p-2 text-sm font-semibold text-slate-700 hover:bg-slate-100"
            >
              <CrownIcon className="h-5 w-5 text-amber-500 lg:h-4 lg:w-4" />
              <span className="sr-only lg:not-sr-only">Pro</span>
            </Link>
          )}
          <Link
            to="/cart"
            className="relative inline-flex items-center rounded-lg p-2 text-slate-700 hover:bg-slate-100"
            aria-label={`Cart, ${cartCount} ${cartCount === 1 ? "item" : "items"}`}
          >
            <ShoppingCartIcon className="h-6 w-6" />
            {cartCount > 0 && (
              <span
                data-testid="cart-count"
                className="absolute -right-1 -top-1 grid h-5 min-w-5 place-items-center rounded-full bg-red-600 px-1 text-xs font-bold text-white"
              >
                {cartCount > 99 ? "99+" : cartCount}
              </span>
            )}
          </Link>
          <Link
            to={user ? "/account" : "/login"}
            className="inline-flex items-center gap-1.5 rounded-lg p-2 text-sm font-semibold text-slate-700 hover:bg-slate-100"
          >
            <UserIcon className="h-6 w-6" />
            <span className="hidden sm:inline">{user ? "Account" : "Login"}</span>
            <span className="sr-only sm:hidden">{user ? "Account" : "Login"}</span>
          </Link>
        </nav>
      </div>
    </header>
  );
}

/**
 * A plain GET form so search works without JavaScript; with it, the query is trimmed and a
 * blank one goes nowhere (spec §2 Search).
 */
function HeaderSearch() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <Form
      method="get"
      action="/search"
      role="search"
      className="relative"
      onSubmit={(event) => {
        event.preventDefault();
        const q = String(new FormData(event.currentTarget).get("q") ?? "").trim();
        if (q) navigate(`/search?q=${encodeURIComponent(q)}`);
      }}
    >
      <label htmlFor="site-search" className="sr-only">
        Search products
      </label>
      <input
        id="site-search"
        name="q"
        type="search"
        defaultValue={params.get("q") ?? ""}
        placeholder="Search cards, boxes, packs..."
        maxLength={200}
        className="w-full rounded-lg border border-slate-300 bg-white py-2 pl-3 pr-10 text-sm placeholder:text-slate-400 focus:border-amber-500 focus:outline-none focus:ring-2 focus:ring-amber-200"
      />
      <button type="submit" className="absolute inset-y-0 right-0 grid w-10 place-items-center text-slate-500 hover:text-slate-900">
        <SearchIcon className="h-4 w-4" />
        <span className="sr-only">Search</span>
      </button>
    </Form>
  );
}
