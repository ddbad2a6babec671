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
