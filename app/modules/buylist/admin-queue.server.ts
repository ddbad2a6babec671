/**
 * The buylist queue (/admin/buylist): sell lists newest first, filtered by status, searched by
 * reference ("SL-5001") or the customer's email, a page at a time, with a count per status.
 * Reads users and profiles for the customer's email and name (docs/development.md, "Reporting
 * queries"). Callers have checked the admin role.
 */
import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { buylistLines, buylistSubmissions, profiles, users } from "~/db/schema";
import { likeContains } from "~/db/sql-text";
import { QUEUE_FILTERS, QUEUE_PAGE_SIZE, type QueueFilter, type QueuePage, type QueueRow, type QueueSearch } from "./admin";
import { formatSubmissionReference, OPEN_STATUSES, type BuylistStatus } from "./status";

function filterWhere(filter: QueueFilter): SQL | undefined {
  if (filter === "all") return undefined;
  if (filter === "open") return inArray(buylistSubmissions.status, [...OPEN_STATUSES]);
  return eq(buylistSubmissions.status, filter);
}

function searchWhere(search: QueueSearch): SQL | undefined {
  if (!search.q) return undefined;
  // A reference finds that one sell list; anything else is part of the customer's email.
  if (search.submissionId !== null) return eq(buylistSubmissions.id, search.submissionId);
  return sql`${users.email} ILIKE ${likeContains(search.q.toLowerCase())}`;
}

export async function listBuylistQueue(db: Db, search: QueueSearch, page: number): Promise<QueuePage> {
  const matching = searchWhere(search);
  const where = and(filterWhere(search.filter), matching);

  const rows = await db
    .select({
      id: buylistSubmissions.id,
      status: buylistSubmissions.status,
      email: users.email,
      name: profiles.fullName,
      payoutPreference: buylistSubmissions.payoutPreference,
      offerCash: buylistSubmissions.offerCash,
      quotedCash: buylistSubmissions.quotedCash,
      finalCash: buylistSubmissions.finalCash,
      paidAmount: buylistSubmissions.paidAmount,
      createdAt: buylistSubmissions.createdAt,
      updatedAt: buylistSubmissions.updatedAt,
      lineCount: sql<number>`(SELECT count(*) FROM ${buylistLines} WHERE ${buylistLines.submissionId} = ${buylistSubmissions.id})::int`,
      units: sql<number>`(SELECT coalesce(sum(${buylistLines.quantity}), 0) FROM ${buylistLines} WHERE ${buylistLines.submissionId} = ${buylistSubmissions.id})::int`,
    })
    .from(buylistSubmissions)
    .innerJoin(users, eq(users.id, buylistSubmissions.userId))
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(where)
    // "Open" shows the oldest first: those are closest to missing the 24-hour quote promise. Other
    // views (history, a status) show the newest first.
    .orderBy(...(search.filter === "open" ? [asc(buylistSubmissions.createdAt), asc(buylistSubmissions.id)] : [desc(buylistSubmissions.createdAt), desc(buylistSubmissions.id)]))
    .limit(QUEUE_PAGE_SIZE + 1)
    .offset((page - 1) * QUEUE_PAGE_SIZE);

  // One grouped count for every status (under the same search), from which the filters' counts follow.
  const grouped = await db
    .select({ status: buylistSubmissions.status, n: sql<number>`count(*)::int` })
    .from(buylistSubmissions)
    .innerJoin(users, eq(users.id, buylistSubmissions.userId))
    .where(matching)
    .groupBy(buylistSubmissions.status);
  const counts = Object.fromEntries(QUEUE_FILTERS.map((f) => [f, 0])) as Record<QueueFilter, number>;
  for (const { status, n } of grouped) {
    if (status in counts) counts[status as QueueFilter] += n;
    counts.all += n;
    if ((OPEN_STATUSES as readonly string[]).includes(status)) counts.open += n;
  }

  const total = counts[search.filter];
  const shown: QueueRow[] = rows.slice(0, QUEUE_PAGE_SIZE).map((r) => {
    const amountKind: QueueRow["amountKind"] = r.paidAmount !== null ? "paid" : r.finalCash !== null ? "final" : r.quotedCash !== null ? "quote" : "offer";
    return {
      id: r.id,
      reference: formatSubmissionReference(r.id),
      status: r.status as BuylistStatus,
      email: r.email,
      name: r.name ?? null,
      lineCount: r.lineCount,
      units: r.units,
      payoutPreference: r.payoutPreference === "credit" ? "credit" : "cash",
      amount: r.paidAmount ?? r.finalCash ?? r.quotedCash ?? r.offerCash,
      amountKind,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    };
  });
  return {
    search,
    rows: shown,
    counts,
    page,
    total,
    totalPages: Math.max(1, Math.ceil(total / QUEUE_PAGE_SIZE)),
    hasNextPage: rows.length > QUEUE_PAGE_SIZE,
  };
}
