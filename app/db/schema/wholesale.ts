import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";

export const COMPANY_TYPES = ["sole_trader", "limited_company", "partnership", "other"] as const;
export const WHOLESALE_STATUSES = ["pending", "approved", "rejected"] as const;

export const wholesaleApplications = pgTable(
  "wholesale_applications",
  {
    id: uuid().primaryKey().defaultRandom(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    status: text().notNull().default("pending"),
    email: text().notNull(),
    contactName: text().notNull(),
    platformUsername: text().notNull(),
    contactNumber: text().notNull(),
    billingAddress: text().notNull(),
    deliveryAddress: text(),
    companyType: text().notNull(),
    companyName: text(),
    companyNumber: text(),
    additionalInfo: text(),
    subscribeNewsletter: boolean().notNull().default(false),
    decidedAt: timestamp({ withTimezone: true }),
    decidedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    decisionNote: text(),
  },
  (t) => [
    check("wholesale_status_valid", sql`${t.status} IN ('pending', 'approved', 'rejected')`),
    check("wholesale_company_type_valid", sql`${t.companyType} IN ('sole_trader', 'limited_company', 'partnership', 'other')`),
    check(
      "wholesale_limited_company_details",
      sql`${t.companyType} <> 'limited_company' OR (${t.companyName} IS NOT NULL AND ${t.companyNumber} IS NOT NULL)`,
    ),
    index("wholesale_created_idx").on(t.createdAt),
    index("wholesale_email_idx").on(t.email, t.createdAt),
  ],
);
