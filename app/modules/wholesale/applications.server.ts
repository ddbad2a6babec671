/**
 * Wholesale applications: taking them in from the public form (with the spam and abuse rules)
 * and an admin's decision on each. Plain functions taking `db` first; routes only translate.
 */
import { and, desc, eq, gt, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { DEMO_SHOP, type ShopIdentity } from "~/config/shop";
import type { Db } from "~/db/client.server";
import { users, wholesaleApplications } from "~/db/schema";
import { recordAudit } from "~/modules/audit/audit-log.server";
import { consumeRateLimit, rateLimitKey } from "~/modules/accounts/rate-limit.server";
import { enqueueEmail } from "~/modules/email/outbox.server";
import {
  DECISION_NOTE_MAX,
  HONEYPOT_FIELD,
  isApplicationId,
  parseWholesaleApplication,
  type FieldErrors,
  type WholesaleFormValues,
} from "./application-schema";

// Shared with the client (routes render these texts); re-exported for server callers.
export { DECISION_NOTE_MAX, isApplicationId, WHOLESALE_TEXT } from "./application-schema";

/** A genuine applicant submits once; a few retries from a shared office network still fit. */
export const WHOLESALE_RATE_LIMIT = { limit: 5, windowMs: 60 * 60_000 };
/** One pending application per email a day: a double click or an impatient resend is refused. */
export const DUPLICATE_WINDOW_MS = 24 * 60 * 60_000;


export type SubmitResult =
  | { status: "submitted"; id: string }
  /** The honeypot was filled in: looks like success to the sender, nothing is stored. */
  | { status: "ignored" }
  | { status: "invalid"; fieldErrors: FieldErrors }
  | { status: "rate_limited"; retryAfterSeconds: number }
  | { status: "duplicate" };

/**
 * Takes one application from the public form. Order matters: a bot tripping the honeypot gets
 * a success-looking answer before anything else; typos don't use up the rate limit; the limit
 * is counted before the duplicate check so the form can't be used to probe for emails cheaply.
 */
export async function submitApplication(
  db: Db,
  form: WholesaleFormValues & { [HONEYPOT_FIELD]?: string },
  { ip, now = new Date() }: { ip: string; now?: Date },
): Promise<SubmitResult> {
  if ((form[HONEYPOT_FIELD] ?? "").trim() !== "") return { status: "ignored" };

  const parsed = parseWholesaleApplication(form);
  if (!parsed.success) return { status: "invalid", fieldErrors: parsed.fieldErrors };
  const input = parsed.data;

  // Shares the accounts rate limiter (one table, one atomic upsert); the key holds a hash, not the address.
  const limit = await consumeRateLimit(db, rateLimitKey("wholesale-ip", ip), WHOLESALE_RATE_LIMIT, now);
  if (!limit.allowed) return { status: "rate_limited", retryAfterSeconds: limit.retryAfterSeconds };

  return db.transaction(async (tx) => {
    // Two submissions for one email at the same moment queue here, so the second sees the first.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${"wholesale:" + input.email}, 0))`);
    const [existing] = await tx
      .select({ id: wholesaleApplications.id })
      .from(wholesaleApplications)
      .where(
        and(
          eq(wholesaleApplications.email, input.email),
          eq(wholesaleApplications.status, "pending"),
          gt(wholesaleApplications.createdAt, new Date(now.getTime() - DUPLICATE_WINDOW_MS)),
        ),
      )
      .limit(1);
    if (existing) return { status: "duplicate" } as const;

    const [row] = await tx
      .insert(wholesaleApplications)
      .values({ ...input, createdAt: now })
      .returning({ id: wholesaleApplications.id });
    return { status: "submitted", id: row!.id } as const;
  });
}

const deciders = alias(users, "deciders");

/** What the applicant sent, its status and when it was decided (also their data download's columns). */
export const applicantColumns = {
  createdAt: wholesaleApplications.createdAt,
  status: wholesaleApplications.status,
  email: wholesaleApplications.email,
  contactName: wholesaleApplications.contactName,
  platformUsername: wholesaleApplications.platformUsername,
  contactNumber: wholesaleApplications.contactNumber,
  billingAddress: wholesaleApplications.billingAddress,
  deliveryAddress: wholesaleApplications.deliveryAddress,
  companyType: wholesaleApplications.companyType,
  companyName: wholesaleApplications.companyName,
  companyNumber: wholesaleApplications.companyNumber,
  additionalInfo: wholesaleApplications.additionalInfo,
  subscribeNewsletter: wholesaleApplications.subscribeNewsletter,
  decidedAt: wholesaleApplications.decidedAt,
};

const applicationColumns = {
  id: wholesaleApplications.id,
  ...applicantColumns,
  decidedBy: wholesaleApplications.decidedBy,
  decidedByEmail: deciders.email,
  decisionNote: wholesaleApplications.decisionNote,
};

export type WholesaleApplication = Awaited<ReturnType<typeof listApplications>>[number];

/** Every application, newest first, with the email of the admin who decided it. */
export async function listApplications(db: Db) {
  return db
    .select(applicationColumns)
    .from(wholesaleApplications)
    .leftJoin(deciders, eq(deciders.id, wholesaleApplications.decidedBy))
    .orderBy(desc(wholesaleApplications.createdAt), desc(wholesaleApplications.id));
}

export async function getApplication(db: Db, id: string) {
  // A malformed id would make PostgreSQL raise on the uuid cast: it simply matches nothing.
  if (!isApplicationId(id)) return null;
  const [row] = await db
    .select(applicationColumns)
    .from(wholesaleApplications)
    .leftJoin(deciders, eq(deciders.id, wholesaleApplications.decidedBy))
    .where(eq(wholesaleApplications.id, id))
    .limit(1);
  return row ?? null;
}

export type Decision = "approved" | "rejected";

export type DecideResult =
  | { status: "decided"; id: string; decision: Decision }
  | { status: "already_decided"; id: string; current: string }
  | { status: "not_found" };

export function decisionEmail(
  application: { email: string; contactName: string },
  decision: Decision,
  shop: Pick<ShopIdentity, "name" | "contactEmail">,
) {
  const greeting = `Hello ${application.contactName},`;
  const signOff = `If you have any questions, reply to this email or contact us at ${shop.contactEmail}.\n\n${shop.name}`;
  if (decision === "approved") {
    return {
      subject: `Your ${shop.name} wholesale application has been approved`,
      text: [
        greeting,
        `Thank you for applying for a wholesale account with ${shop.name}. We are pleased to tell you that your application has been approved.`,
        "Details on stock lists will follow by email shortly.",
        signOff,
      ].join("\n\n"),
    };
  }
  return {
    subject: `Your ${shop.name} wholesale application`,
    text: [
      greeting,
      `Thank you for applying for a wholesale account with ${shop.name}. After reviewing your application, we are unable to offer you a wholesale account at this time.`,
      "You are still welcome to shop with us at our normal prices.",
      signOff,
    ].join("\n\n"),
  };
}

/**
 * Records an admin's decision exactly once. The guarded UPDATE (... WHERE status = 'pending')
 * is the arbiter: when two admins decide at the same moment PostgreSQL lets one row-update
 * through and the other finds the row no longer pending. The audit entry and the applicant's
 * email are written in the same transaction, so they exist if and only if the decision does.
 */
export async function decideApplication(
  db: Db,
  { id, adminId, decision, note }: { id: string; adminId: string; decision: Decision; note?: string | null },
  { shop = DEMO_SHOP, now = new Date() }: { shop?: Pick<ShopIdentity, "name" | "contactEmail">; now?: Date } = {},
): Promise<DecideResult> {
  if (!isApplicationId(id)) return { status: "not_found" };
  const decisionNote = note?.trim() ? note.trim().slice(0, DECISION_NOTE_MAX) : null;

  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(wholesaleApplications)
      .set({ status: decision, decidedAt: now, decidedBy: adminId, decisionNote })
      .where(and(eq(wholesaleApplications.id, id), eq(wholesaleApplications.status, "pending")))
      .returning({
        id: wholesaleApplications.id,
        email: wholesaleApplications.email,
        contactName: wholesaleApplications.contactName,
      });

    if (!updated) {
      const [current] = await tx
        .select({ status: wholesaleApplications.status })
        .from(wholesaleApplications)
        .where(eq(wholesaleApplications.id, id));
      return current ? { status: "already_decided", id, current: current.status } : { status: "not_found" };
    }

    await recordAudit(tx, {
      actorUserId: adminId,
      action: `wholesale.${decision}`,
      entityType: "wholesale_application",
      entityId: id,
      details: { decision, note: decisionNote, applicantEmail: updated.email },
      createdAt: now,
    });

    const email = decisionEmail(updated, decision, shop);
    await enqueueEmail(tx, {
      kind: `wholesale-${decision}`,
      to: updated.email,
      subject: email.subject,
      text: email.text,
      // A decision happens once, so one email per application is a database fact too.
      dedupeKey: `wholesale-decision:${id}`,
    });
    return { status: "decided", id, decision };
  });
}
