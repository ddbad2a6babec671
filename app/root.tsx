import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useNavigation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { CartSync } from "./components/cart-sync";
import { deferred } from "./components/deferred";
import { SiteHeader } from "./components/site-header";
import { useFocusOnPageChange } from "./components/use-focus-on-page-change";
import type { RootData } from "~/web/shell";
import { loadShell } from "~/web/shell.server";

/** Below the fold on every page, plain links: its code loads after the page's (decision 0051). */
const SiteFooter = deferred(() => import("./components/site-footer").then((m) => m.SiteFooter));
const ErrorPage = deferred(() => import("./components/error-page").then((m) => m.ErrorPage));

export async function loader({ request, context }: Route.LoaderArgs) {
  const shell = await loadShell(request, context);
  return data({
    shop: context.shop,
    publicUrl: context.env.publicUrl,
    ...shell,
  } satisfies RootData);
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#f59e0b" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  useFocusOnPageChange();
  return (
    <>
      <SkipLink />
      <SiteHeader user={loaderData.user} cartCount={loaderData.cartCount} />
      <CartSync cart={loaderData.cart} />
      {navigation.state === "loading" && (
        // The spec's shared "Loading..." while the next page's data is on its way: a bar across
        // the top and a visible pill, announced once to screen readers.
        <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 top-0 z-50">
          <div className="h-1 animate-pulse bg-amber-500" />
          <span
            data-testid="navigation-loading"
            className="absolute left-1/2 top-3 -translate-x-1/2 rounded-full bg-slate-900/90 px-4 py-1.5 text-sm font-semibold text-white shadow-lg"
          >
            Loading...
          </span>
        </div>
      )}
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6 lg:px-8">
        <Outlet />
      </main>
      <SiteFooter shop={loaderData.shop} />
    </>
  );
}

function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
    >
      Skip to content
    </a>
  );
}

/**
 * Last line of defence: expected 4xx responses show their message; anything else shows a
 * generic page. Stack traces never reach users (they are logged on the server). The page itself
 * (components/error-page.tsx) loads only when shown, not with every page (decision 0051).
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRouteLoaderData<typeof loader>("root");
  return (
    <>
      <SkipLink />
      {root && <SiteHeader user={root.user} cartCount={root.cartCount} />}
      <ErrorPage error={error} shopName={root?.shop.name} />
      {root && <SiteFooter shop={root.shop} />}
    </>
  );
}
