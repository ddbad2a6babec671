import { PASSWORD_HINT_LENGTH } from "~/config/constants";

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
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many codes tried. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`;
}
