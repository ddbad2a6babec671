import { ShopDateTime } from "~/components/ui/format-date";
import { Search } from "lucide-react";
import { Form, Link } from "react-router";
import { Pagination } from "~/components/catalogue/pagination";
import { CUSTOMER_SEARCH_MAX, type CustomerList } from "~/modules/accounts/admin-customers";

/** "Admin" / "Unverified" badges beside a name. */
export function AccountBadges({ role, emailVerified }: { role: string; emailVerified: boolean }) {
  return (
    <>
      {role === "admin" && (
        <span className="inline-flex rounded-full bg-slate-900 px-2 py-0.5 text-xs font-semibold text-white">Admin</span>
      )}
      {!emailVerified && (
        <span className="inline-flex rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-inset ring-amber-300">
          Email not verified
        </span>
      )}
    </>
  );
}

/** /admin/customers: search by name or email (a plain GET form), the results a page at a time. */
export function CustomersPage({ list }: { list: CustomerList }) {
  const { q, customers, total, page, totalPages, hasNextPage } = list;
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Customers</h1>
          <p className="mt-1 text-slate-600" data-testid="customer-count">
            {q ? `${total === 1 ? "1 account matches" : `${total} accounts match`} “${q}”` : `${total === 1 ? "1 account" : `${total} accounts`}, newest first`}.
          </p>
        </div>
        <Link to="/admin" className="text-sm font-medium text-amber-700 underline underline-offset-2">
          Admin home
        </Link>
      </div>

      <Form method="get" role="search" className="flex gap-2">
        <label htmlFor="customer-search" className="sr-only">
          Search customers by name or email
        </label>
        <input
          id="customer-search"
          name="q"
          type="search"
          defaultValue={q}
          maxLength={CUSTOMER_SEARCH_MAX}
          placeholder="Name or email"
          className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-amber-500 focus:outline-none focus:ring-2 focus:ring-amber-200"
        />
        <button
          type="submit"
          className="inline-flex items-center gap-1.5 rounded-lg bg-slate-900 px-4 py-2 text-sm font-semibold text-white hover:bg-slate-700"
        >
          <Search aria-hidden className="h-4 w-4" /> Search
        </button>
      </Form>

      {customers.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center text-slate-600">
          {page > 1 && total > 0 ? "This page is past the end of the list." : q ? "No account matches that search." : "No accounts yet."}
        </div>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white shadow-sm">
          {customers.map((c) => (
            <li key={c.id} data-testid="customer-row" className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-center sm:gap-x-3">
              <div className="min-w-0 sm:flex-1">
                <Link to={`/admin/customers/${c.id}`} className="font-semibold text-slate-900 underline decoration-amber-400 underline-offset-4 hover:text-amber-700">
                  {c.fullName || c.email}
                </Link>
                <p className="break-all text-sm text-slate-600">{c.email}</p>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <AccountBadges role={c.role} emailVerified={c.emailVerified} />
                <span className="text-sm text-slate-500">
                  Joined <ShopDateTime value={c.createdAt} />
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} hasNextPage={hasNextPage} totalPages={totalPages} />
    </div>
  );
}
