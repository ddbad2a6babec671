import { Form, Link, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";

/** A shop's frame as a bare React Router 7 app draws it: header with search, main, footer. */
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

/** An inline SVG icon as lucide-react draws one (the shop's header uses five). */
const icon = (...paths: string[]) => (
  <svg aria-hidden xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" className="h-5 w-5">
    {paths.map((d) => (
      <path key={d} d={d} />
    ))}
  </svg>
);

const FOOTER = [
  { title: "Shop", links: ["English", "Japanese", "Sealed", "Singles", "Pre-orders", "Sell your cards"] },
  { title: "Help", links: ["Delivery", "Returns", "Contact", "Wholesale", "Pro membership"] },
  { title: "Legal", links: ["Terms", "Privacy", "Cookies", "Refunds"] },
];

export default function App() {
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        Skip to content
      </a>
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 sm:px-6 lg:px-8">
          <Link to="/" className="flex shrink-0 items-center gap-2 text-xl font-black tracking-tight text-slate-900">
            <span aria-hidden className="grid h-8 w-8 place-items-center rounded-lg bg-amber-500 text-white">N</span>
            <span className="sr-only min-[440px]:not-sr-only">Bare Shop</span>
          </Link>
          <Form method="get" action="/search" role="search" className="relative order-last w-full md:order-none md:ml-4 md:w-auto md:flex-1">
            <label htmlFor="site-search" className="sr-only">Search products</label>
            <input id="site-search" name="q" type="search" placeholder="Search cards, boxes, packs..." maxLength={200} className="w-full rounded-lg border border-slate-300 bg-white py-2 pl-3 pr-10 text-sm placeholder:text-slate-400 focus:border-amber-500 focus:outline-none focus:ring-2 focus:ring-amber-200" />
            <button type="submit" className="absolute inset-y-0 right-0 grid w-10 place-items-center text-slate-500 hover:text-slate-900">
              {icon("m21 21-4.34-4.34", "M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16z")}
              <span className="sr-only">Search</span>
            </button>
          </Form>
          <nav aria-label="Account and cart" className="ml-auto flex items-center gap-0.5 sm:gap-2">
            <Link to="/sell-cards" className="inline-flex items-center gap-1.5 rounded-lg bg-amber-500 px-2.5 py-2 text-sm font-semibold text-slate-900 hover:bg-amber-400 sm:px-3">
              {icon("M11 15h2a2 2 0 1 0 0-4h-3c-.6 0-1.1.2-1.4.6L3 17", "m7 21 1.6-1.4c.3-.4.8-.6 1.4-.6h4c1.1 0 2.1-.4 2.8-1.2l4.6-4.4a2 2 0 0 0-2.75-2.91l-4.2 3.9", "m2 16 6 6")}
              <span>Sell your cards</span>
            </Link>
            <Link to="/pro" className="inline-flex items-center gap-1 rounded-lg p-2 text-sm font-semibold text-slate-700 hover:bg-slate-100">
              {icon("M11.562 3.266a.5.5 0 0 1 .876 0L15.39 8.87a1 1 0 0 0 1.516.294L21.183 5.5a.5.5 0 0 1 .798.519l-2.834 10.246a1 1 0 0 1-.956.734H5.81a1 1 0 0 1-.957-.734L2.02 6.02a.5.5 0 0 1 .798-.519l4.276 3.664a1 1 0 0 0 1.516-.294z", "M5 21h14")}
              <span className="sr-only lg:not-sr-only">Pro</span>
            </Link>
            <Link to="/cart" aria-label="Cart, 0 items" className="relative inline-flex items-center rounded-lg p-2 text-slate-700 hover:bg-slate-100">
              {icon("m2.05 2.05 1.099-.028a1 1 0 0 1 1.008.815l2.69 14.347A1 1 0 0 0 7.83 18H18", "M4.563 5h16.435a1 1 0 0 1 .981 1.204l-1.026 6.226A2 2 0 0 1 18.962 14H6.25")}
            </Link>
            <Link to="/login" className="inline-flex items-center gap-1.5 rounded-lg p-2 text-sm font-semibold text-slate-700 hover:bg-slate-100">
              {icon("M19 21v-2a4 4 0 0 0-4-4H9a4 4 0 0 0-4 4v2", "M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z")}
              <span className="hidden sm:inline">Login</span>
            </Link>
          </nav>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6 lg:px-8">
        <Outlet />
      </main>
      <footer className="mt-12 border-t border-slate-200 bg-slate-50">
        <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 sm:px-6 lg:grid-cols-4 lg:px-8">
          <div className="space-y-2 text-sm text-slate-600">
            <p className="text-base font-bold text-slate-900">Bare Shop</p>
            <p>Trading cards, sealed product and graded slabs, posted from the UK.</p>
            <p>Bare Shop Ltd, 1 High Street, London, EC1A 1AA. Company number 01234567. VAT GB123456789.</p>
          </div>
          {FOOTER.map((column) => (
            <nav key={column.title} aria-label={column.title} className="text-sm">
              <p className="font-semibold text-slate-900">{column.title}</p>
              <ul className="mt-3 space-y-2 text-slate-600">
                {column.links.map((label) => (
                  <li key={label}>
                    <Link to={`/${label.toLowerCase().replaceAll(" ", "-")}`} className="hover:text-slate-900 hover:underline">
                      {label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
      </footer>
    </>
  );
}
