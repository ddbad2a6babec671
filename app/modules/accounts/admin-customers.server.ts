/**
 * The back office's view of customers: search by name or email (paged), and one customer's
 * whole picture (profile, orders, membership, wholesale applications, what was done to the
 * account). The accounts tables are this module's own; everything else comes from its owner's
 * read functions (orders, membership, wholesale, audit). The role change itself is
 * `setAdminRole` in roles.server.ts, the role's one home.
 */
import { desc, eq, ilike, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { profiles, users } from "~/db/schema";
import { likeContains } from "~/db/sql-text";
import { auditTrailFor, type AuditTrailEntry } from "~/modules/audit/trail.server";
import { isPremium } from "~/modules/membership/premium.server";
import { subscriptionsData } from "~/modules/membership/subscription-summary.server";
import { listOrderHistory, type OrderHistoryEntry } from "~/modules/orders/history.server";
import { applicationsData } from "~/modules/wholesale/customer-data.server";
import { CUSTOMERS_PAGE_SIZE, type CustomerList } from "./admin-customers";
import { isGrantedInBackOffice } from "./roles.server";
import { isTwoFactorEnabled } from "./two-factor.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Accounts whose email or name contains `q` (without case), or whose id is `q`, newest first,
 * a page at a time. An empty `q` lists everyone.
 */
export async function searchCustomers(db: Db, q: string, page: number): Promise<CustomerList> {
  const term = q.trim();
  const where = term
    ? or(ilike(users.email, likeContains(term)), ilike(profiles.fullName, likeContains(term)), UUID.test(term) ? eq(users.id, term) : undefined)
    : undefined;
  const [{ total }] = (await db
    .select({ total: sql<number>`count(*)::int` })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(where)) as [{ total: number }];
  const totalPages = Math.max(1, Math.ceil(Number(total) / CUSTOMERS_PAGE_SIZE));
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      fullName: profiles.fullName,
      role: users.role,
      emailVerified: sql<boolean>`${users.emailVerifiedAt} IS NOT NULL`,
      createdAt: users.createdAt,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(CUSTOMERS_PAGE_SIZE)
    .offset((page - 1) * CUSTOMERS_PAGE_SIZE);
  return { q: term, customers: rows, page, total: Number(total), totalPages, hasNextPage: page < totalPages };
}

export interface CustomerDetail {
  id: string;
  email: string;
  role: string;
  emailVerifiedAt: Date | null;
  createdAt: Date;
  profile: {
    fullName: string;
    addressLine1: string | null;
    addressLine2: string | null;
    city: string | null;
    region: string | null;
    postalCode: string | null;
    country: string | null;
  } | null;
  twoFactorEnabled: boolean;
  /** The email is in ADMIN_EMAILS: the list grants the admin role at each sign-in and start. */
  listedInAdminEmails: boolean;
  /** The admin role stands on a grant in the back office (kept when the address is not listed). */
  grantedInBackOffice: boolean;
  isPremium: boolean;
  orders: OrderHistoryEntry[];
  subscriptions: Awaited<ReturnType<typeof subscriptionsData>>;
  applications: Awaited<ReturnType<typeof applicationsData>>;
  /** What was done to the account (role changes, two-factor, erasure, ...), newest first. */
  audit: AuditTrailEntry[];
}

/** One customer's whole picture for /admin/customers/:id; null for an unknown (or malformed) id. */
export async function customerDetail(db: Db, id: string, adminEmails: ReadonlySet<string>): Promise<CustomerDetail | null> {
  if (!UUID.test(id)) return null;
  const [user] = await db
    .select({ id: users.id, email: users.email, role: users.role, emailVerifiedAt: users.emailVerifiedAt, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, id));
  if (!user) return null;
  const [[profile], twoFactorEnabled, grantedInBackOffice, premium, orders, subscriptions, applications, audit] = await Promise.all([
    db
      .select({
        fullName: profiles.fullName,
        addressLine1: profiles.addressLine1,
        addressLine2: profiles.addressLine2,
        city: profiles.city,
        region: profiles.region,
        postalCode: profiles.postalCode,
        country: profiles.country,
      })
      .from(profiles)
      .where(eq(profiles.id, id)),
    isTwoFactorEnabled(db, id),
    isGrantedInBackOffice(db, id),
    isPremium(db, id),
    listOrderHistory(db, id),
    subscriptionsData(db, id),
    applicationsData(db, user.email),
    auditTrailFor(db, "user", id),
  ]);
  return {
    ...user,
    profile: profile ?? null,
    twoFactorEnabled,
    listedInAdminEmails: adminEmails.has(user.email.trim().toLowerCase()),
    grantedInBackOffice,
    isPremium: premium,
    orders,
    subscriptions,
    applications,
    audit,
  };
}
