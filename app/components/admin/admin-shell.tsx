import { Boxes, CalendarClock, ChevronDown, HandCoins, Languages, LayoutDashboard, Layers, Mail, Package, ScrollText, Store, Tag, Ticket, Timer, Users, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";

export interface AdminNavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Other paths that belong to this page (a category is edited from its language's page). */
  also?: readonly string[];
}

/**
 * The back office's pages, in the order the menu lists them. A page is "current" when the URL is
 * its path or below it (/admin/products/12 is Products); the dashboard only on /admin itself.
 */
export const ADMIN_NAV: readonly AdminNavItem[] = [
  { to: "/admin", label: "Dashboard", icon: LayoutDashboard },
  { to: "/admin/orders", label: "Orders", icon: Package },
  { to: "/admin/products", label: "Products", icon: Boxes },
  { to: "/admin/singles", label: "Singles", icon: Layers },
  { to: "/admin/languages", label: "Languages & categories", icon: Languages, also: ["/admin/categories"] },
  { to: "/admin/pricing", label: "Pricing", icon: Tag },
  { to: "/admin/coupons", label: "Coupons", icon: Ticket },
  { to: "/admin/drops", label: "Drops", icon: Timer },
  { to: "/admin/preorders", label: "Pre-orders", icon: CalendarClock },
  { to: "/admin/buylist", label: "Buylist", icon: HandCoins },
  { to: "/admin/customers", label: "Customers", icon: Users },
  { to: "/admin/wholesale-applications", label: "Wholesale", icon: Store },
  { to: "/admin/outbox", label: "Outbox", icon: Mail },
  { to: "/admin/audit", label: "Audit log", icon: ScrollText },
];

export function currentAdminItem(pathname: string, items: readonly AdminNavItem[] = ADMIN_NAV): AdminNavItem | undefined {
  const path = pathname.replace(/\/+$/, "") || "/";
  const under = (root: string) => path === root || path.startsWith(`${root}/`);
  return items.find((item) => (item.to === "/admin" ? path === "/admin" : [item.to, ...(item.also ?? [])].some(under)));
}

/**
 * The back office's frame: a menu of every admin page beside (desktop) or above (phone) the
 * page. On a phone the menu is a <details> disclosure, so it opens and closes without
 * JavaScript; from the lg breakpoint the same links stand in a sidebar. Only one of the two
 * lists is displayed at a time (the other is display:none), so a screen reader and the Tab key
 * meet one menu. The current page is marked with aria-current="page".
 *
 * Drawn once, around every admin page, by the layout route app/routes/admin-layout.tsx (decision
 * 0041); pages render only their own content. A guest's 401 or a customer's 403 is answered by
 * the layout's ErrorBoundary, so it shows no back-office menu.
 */
export function AdminShell({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const current = currentAdminItem(pathname);
  return (
    <div className="lg:grid lg:grid-cols-[12rem_minmax(0,1fr)] lg:gap-8">
      <nav aria-label="Back office" className="mb-6 lg:mb-0" data-testid="admin-nav">
        <details className="group rounded-xl border border-slate-200 bg-white shadow-sm lg:hidden">
          <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-xl px-4 py-2 font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-500 [&::-webkit-details-marker]:hidden">
            <span>Back office menu</span>
            {current && <span className="ml-auto truncate text-sm font-normal text-slate-600">{current.label}</span>}
            <ChevronDown aria-hidden className={`h-5 w-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180 ${current ? "" : "ml-auto"}`} />
          </summary>
          <NavList current={current} className="grid grid-cols-2 gap-1 border-t border-slate-200 p-2" />
        </details>
        <div className="hidden lg:sticky lg:top-4 lg:block">
          <p className="mb-2 px-3 text-xs font-semibold uppercase tracking-wide text-slate-600">Back office</p>
          <NavList current={current} className="space-y-1" />
        </div>
      </nav>
      <div className="min-w-0">{children}</div>
    </div>
  );
}

function NavList({ current, className }: { current: AdminNavItem | undefined; className: string }) {
  return (
    <ul className={className}>
      {ADMIN_NAV.map((item) => {
        const active = item === current;
        const Icon = item.icon;
        return (
          <li key={item.to}>
            <Link
              to={item.to}
              aria-current={active ? "page" : undefined}
              className={`flex min-h-11 items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-500 ${
                active ? "bg-amber-100 font-semibold text-slate-900" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"
              }`}
            >
              <Icon aria-hidden className={`h-4 w-4 shrink-0 ${active ? "text-amber-700" : "text-slate-500"}`} />
              {item.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
