import { PASSWORD_HINT_LENGTH } from "~/config/constants";
import { waitPhrase } from "~/utils/wait";

/** Texts the accounts screens share; those quoted from the spec must stay word for word. */
export const REGISTERED_NOTICE = "Account created successfully! Please now login with your email and password.";
export const PASSWORD_HINT = `Password should be at least ${PASSWORD_HINT_LENGTH} characters`;
export const PASSWORD_RESET_NOTICE = "Your password has been changed. Please log in with your new password.";
export const EMAIL_READ_ONLY = "Email cannot be changed";
export const NO_ORDERS = "No orders yet";
export const PROFILE_SAVED = "Your profile has been saved.";
/** Shown for every reset request, account or not: the page never tells who has an account. */
export const RESET_REQUESTED_MESSAGE =
  "If an account exists for that email, we have sent a link to reset your password. The link works once and expires in 1 hour.";
export const RESET_LINK_INVALID = "This password reset link is invalid, has already been used or has expired. Please request a new one.";

/** Sign-in past the limits: the proof-of-work check (decision 0017). */
export const SIGN_IN_CHALLENGE_TEXT = {
  explain:
    "There have been many failed sign-in attempts on this account or from your network, so we need a quick check that you are not a robot. Your browser does it by itself in a few seconds; then sign in again.",
  noScript: (minutes: number) =>
    `This check needs JavaScript, which is turned off in your browser. Please turn JavaScript on for this page, or wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
  expired: "The check took too long and expired. Please let it run again, then sign in.",
  invalid: "The check could not be confirmed. Please let it run again, then sign in.",
} as const;

/**
 * Two-factor sign-in past the account's code limit: the same check (decision 0024). The
 * refusal itself still says how long to wait; this note offers the way on without waiting.
 */
export const TWO_FACTOR_CHALLENGE_TEXT = {
  explain:
    "To go on without waiting, we need a quick check that you are not a robot. Your browser does it by itself in a few seconds; then enter your current code again.",
  expired: "The check took too long and expired. Please let it run again, then enter your current code.",
  invalid: "The check could not be confirmed. Please let it run again, then enter your current code.",
} as const;

/** Email verification (decision 0011). */
export const VERIFY_LINK_INVALID =
  "This verification link is invalid, has already been used or has expired. Please sign in and ask for a new one from your account page.";
export const VERIFY_EMAIL_NOTICE = "Please verify your email address: we sent you a link when you registered.";
export const VERIFICATION_SENT = "We have sent you a new verification link. It works once and expires in 24 hours.";
export const ALREADY_VERIFIED = "Your email address is already verified.";
export const VERIFY_NEEDS_ACCOUNT =
  "To finish verifying, please log in to the account this link was sent for, then press the button again. Nothing has changed yet.";
export const INVITE_NEEDS_ACCOUNT =
  "This invitation is for another email address. Please sign in with the account it was made for (register it first if needed), then open the link again.";

export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  return `Too many attempts. Please wait ${waitPhrase(retryAfterSeconds)} and try again.`;
}

/** Two-factor sign-in (decision 0024). */
export const TWO_FACTOR_CODE_NEEDED = "Please enter the code from your authenticator app to finish signing in.";
export const TWO_FACTOR_CODE_INVALID = "That code is not right or has already been used. Please try the current code from your app, or a recovery code.";
export const TWO_FACTOR_CHALLENGE_EXPIRED = "Your sign-in has timed out or was tried too often. Please log in again.";
export const TWO_FACTOR_ENROL_CODE_INVALID = "That code did not match. Please check your app's clock and enter the current 6-digit code.";
export const TWO_FACTOR_PROOF_INVALID = "Please enter your password or a current code from your authenticator app.";
export const TWO_FACTOR_ALREADY_ON = "Two-factor sign-in is already turned on.";
export const TWO_FACTOR_ENABLED = "Two-factor sign-in is now on. Keep your recovery codes somewhere safe.";
export const TWO_FACTOR_DISABLED = "Two-factor sign-in is now off.";
export const TWO_FACTOR_CODES_REGENERATED = "Here are your new recovery codes. The old ones no longer work.";
export const ADMIN_TWO_FACTOR_REQUIRED =
  "This shop requires administrators to use two-factor sign-in. Please turn it on below to open the admin pages.";

export function tooManyCodesMessage(retryAfterSeconds: number): string {
  return `Too many codes tried. Please wait ${waitPhrase(retryAfterSeconds)} and try again.`;
}
