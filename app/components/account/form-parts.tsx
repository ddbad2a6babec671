import { useState, type FormEvent, type ReactNode } from "react";
import { TextField } from "~/components/ui/field";
import { PASSWORD_HINT } from "~/modules/accounts/messages";
import { PASSWORD_MAX_LENGTH } from "~/modules/accounts/policy";
import { EMAIL_MAX_LENGTH, FULL_NAME_MAX_LENGTH, PASSWORDS_DO_NOT_MATCH, type FieldErrors } from "~/modules/accounts/schemas";

/** The card the sign-in, sign-up and reset screens sit in. */
export function AuthCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md py-4 sm:py-10">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        {intro && <div className="mt-2 text-sm text-slate-600">{intro}</div>}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}

/** The account's email, as the sign-in, sign-up and reset-request forms ask for it. */
export function EmailField({ defaultValue, error }: { defaultValue: string; error?: string }) {
  return (
    <TextField
      name="email"
      label="Email"
      type="email"
      autoComplete="email"
      required
      maxLength={EMAIL_MAX_LENGTH}
      defaultValue={defaultValue}
      error={error}
    />
  );
}

/** The customer's name, as sign-up and the profile ask for it. */
export function FullNameField({ defaultValue, error }: { defaultValue: string; error?: string }) {
  return (
    <TextField
      name="fullName"
      label="Full name"
      autoComplete="name"
      required
      maxLength={FULL_NAME_MAX_LENGTH}
      defaultValue={defaultValue}
      error={error}
    />
  );
}

export interface PasswordCheck {
  mismatch: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onEdit: () => void;
}

/**
 * "Passwords do not match" as soon as a new-password form is sent with two different ones
 * (the form stays put); typing in either field clears it. The server checks the same again.
 */
export function usePasswordCheck(): PasswordCheck {
  const [mismatch, setMismatch] = useState(false);
  return {
    mismatch,
    onSubmit(event) {
      const form = new FormData(event.currentTarget);
      if (form.get("password") !== form.get("confirmPassword")) {
        event.preventDefault();
        setMismatch(true);
      }
    },
    onEdit: () => setMismatch(false),
  };
}

/** A new password and its confirmation (sign-up and reset), with the password hint. */
export function NewPasswordFields({
  label,
  confirmLabel,
  errors,
  check,
}: {
  label: string;
  confirmLabel: string;
  errors: FieldErrors;
  check: PasswordCheck;
}) {
  return (
    <>
      <TextField
        name="password"
        label={label}
        type="password"
        autoComplete="new-password"
        required
        maxLength={PASSWORD_MAX_LENGTH}
        hint={PASSWORD_HINT}
        error={errors.password}
        onChange={check.onEdit}
      />
      <TextField
        name="confirmPassword"
        label={confirmLabel}
        type="password"
        autoComplete="new-password"
        required
        maxLength={PASSWORD_MAX_LENGTH}
        error={check.mismatch ? PASSWORDS_DO_NOT_MATCH : errors.confirmPassword}
        onChange={check.onEdit}
      />
    </>
  );
}
