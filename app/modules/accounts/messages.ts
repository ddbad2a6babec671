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

/** Sign-in past the limits: the proof-of-work check (decision 0017). */
export const SIGN_IN_CHALLENGE_TEXT = {
  explain:
    "There have been many failed sign-in attempts on this account or from your network, so we need a quick check that you are not a robot. Your browser does it by itself in a few seconds; then sign in again.",
  noScript: (minutes: number) =>
    `This check needs JavaScript, which is turned off in your browser. Please turn JavaScript on for this page, or wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
  expired: "The check took too long and expired. Please let it run again, then sign in.",
  invalid: "The check could not be confirmed. Please let it run again, then sign in.",
} as const;
