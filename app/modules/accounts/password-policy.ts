import { COMMON_PASSWORDS } from "./common-passwords";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./policy";

const COMMON = new Set(COMMON_PASSWORDS);

export const PASSWORD_TOO_SHORT = `Password should be at least ${PASSWORD_MIN_LENGTH} characters`;
export const PASSWORD_TOO_LONG = `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;
export const PASSWORD_TOO_COMMON = "This password is too common and easy to guess. Please choose another one.";
export const PASSWORD_IS_EMAIL = "Your password must not be your email address.";

/**
 * Why a password is refused, or null when it is acceptable. Length is counted in code
 * points so emoji and accented letters count as one each. A password is "common" when it
 * is on the list as typed, or once the digits and symbols people tack on the end are
 * stripped ("Pikachu123!" is "pikachu"), or when it is one character repeated.
 */
export function passwordProblem(password: string, context: { email?: string } = {}): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT;
  if (length > PASSWORD_MAX_LENGTH) return PASSWORD_TOO_LONG;
  const lower = password.toLowerCase();
  const stem = lower.replace(/[\d\W_]+$/u, "");
  const leadingStripped = lower.replace(/^[\d\W_]+/u, "");
  if (COMMON.has(lower) || (stem && COMMON.has(stem)) || (leadingStripped && COMMON.has(leadingStripped))) {
    return PASSWORD_TOO_COMMON;
  }
  if (new Set(lower).size <= 2) return PASSWORD_TOO_COMMON;
  const email = context.email?.trim().toLowerCase();
  if (email && (lower === email || lower === email.split("@")[0])) return PASSWORD_IS_EMAIL;
  return null;
}
