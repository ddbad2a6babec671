/**
 * The admin customer screens (/admin/customers, /admin/customers/:id): search input, page size,
 * messages and the shapes the pages show. Plain (no `.server`): the pages render these.
 */
import { z } from "zod";

export const CUSTOMERS_PAGE_SIZE = 25;
export const CUSTOMER_SEARCH_MAX = 120;

/** `?q=`: trimmed, at most CUSTOMER_SEARCH_MAX characters; anything else is no search. */
export const customerSearchSchema = z.string().trim().max(CUSTOMER_SEARCH_MAX).catch("");

export function parseCustomerSearch(value: string | null): string {
  return customerSearchSchema.parse(value ?? "").slice(0, CUSTOMER_SEARCH_MAX);
}

/** The role form: `intent=grant-admin` or `intent=revoke-admin`. */
export const roleChangeSchema = z.object({ intent: z.enum(["grant-admin", "revoke-admin"]) });

export const CUSTOMER_TEXT = {
  notFound: "There is no customer with that id.",
  resend: "Please send the form again.",
  granted: "Admin role granted. They have admin access from their next page load.",
  revoked: "Admin role revoked. They lost admin access at once.",
  revokedListed:
    "Admin role revoked, but this email is listed in ADMIN_EMAILS: they get the role back at their next sign-in or the next server start. Remove the address from ADMIN_EMAILS to take it away for good.",
  unchangedAdmin: "They were an admin already: nothing changed.",
  unchangedCustomer: "They were not an admin: nothing changed.",
  unverified: "Only an account with a verified email address can be an admin. This one has not verified its email yet.",
  self: "You cannot revoke your own admin role. Another admin can.",
} as const;

export type RoleChangeNotice = "granted" | "revoked" | "revoked-listed" | "unchanged-admin" | "unchanged-customer";

export const ROLE_NOTICES: Record<RoleChangeNotice, string> = {
  granted: CUSTOMER_TEXT.granted,
  revoked: CUSTOMER_TEXT.revoked,
  "revoked-listed": CUSTOMER_TEXT.revokedListed,
  "unchanged-admin": CUSTOMER_TEXT.unchangedAdmin,
  "unchanged-customer": CUSTOMER_TEXT.unchangedCustomer,
};

export function isRoleChangeNotice(value: string | null): value is RoleChangeNotice {
  return value !== null && Object.hasOwn(ROLE_NOTICES, value);
}

/** One account in the search results. */
export interface CustomerListEntry {
  id: string;
  email: string;
  fullName: string | null;
  role: string;
  emailVerified: boolean;
  createdAt: Date;
}

export interface CustomerList {
  q: string;
  customers: CustomerListEntry[];
  page: number;
  total: number;
  totalPages: number;
  hasNextPage: boolean;
}

/** A refused role change, shown on the customer's page. */
export interface RoleChangeRefusal {
  ok: false;
  message: string;
}
