/**
 * The sell-list draft's cookie (decision 0042): the customer's list before they submit it, so it
 * survives a reload and needs no JavaScript. HttpOnly, scoped to the builder's path, and tagged
 * with a hash of the user's id so a draft left in a shared browser is never shown to the next
 * person who signs in. It holds only ids and codes; the server prices everything again.
 */
import { createHash } from "node:crypto";
import type { AppLoadContext } from "react-router";
import { decodeDraft, encodeDraft, type DraftLine } from "~/modules/buylist/customer-draft";
import { SELL_LIST_PATH } from "~/modules/buylist/customer";
import { readCookie } from "./cookies";
import { isSecureContext } from "./session-cookie.server";

const DRAFT_COOKIE = "nm_sell_list";
const DRAFT_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

function userTag(userId: string): string {
  return createHash("sha256").update(`sell-list:${userId}`).digest("hex").slice(0, 12);
}

/** The signed-in user's draft; empty when there is none, it is someone else's, or it is malformed. */
export function readDraft(request: Request, userId: string): DraftLine[] {
  const value = readCookie(request, DRAFT_COOKIE);
  if (!value) return [];
  const [tag, lines] = value.split("~", 2);
  return tag === userTag(userId) ? decodeDraft(lines) : [];
}

function attributes(context: Pick<AppLoadContext, "env">, maxAge: number): string {
  return `Path=${SELL_LIST_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${isSecureContext(context) ? "; Secure" : ""}`;
}

/** The Set-Cookie header that keeps this draft (or clears it when empty). */
export function draftCookieHeader(context: Pick<AppLoadContext, "env">, userId: string, lines: readonly DraftLine[]): string {
  if (lines.length === 0) return clearDraftCookieHeader(context);
  return `${DRAFT_COOKIE}=${userTag(userId)}~${encodeDraft(lines)}; ${attributes(context, DRAFT_MAX_AGE_SECONDS)}`;
}

export function clearDraftCookieHeader(context: Pick<AppLoadContext, "env">): string {
  return `${DRAFT_COOKIE}=; ${attributes(context, 0)}`;
}
