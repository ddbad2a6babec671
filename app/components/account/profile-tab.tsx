import { Form, Link } from "react-router";
import { PROFILE_COUNTRIES } from "~/config/constants";
import { EMAIL_READ_ONLY, PROFILE_SAVED } from "~/modules/accounts/messages";
import type { Profile } from "~/modules/accounts/profile";
import { SelectField, TextField } from "~/components/ui/field";
import { FormError, FormNotice } from "~/components/ui/form-message";
import { SubmitButton } from "~/components/ui/submit-button";
import { FullNameField } from "./form-parts";

export type ProfileView = Profile;

type Values = Partial<Record<keyof ProfileView, string | null>>;

const ADDRESS_FIELDS = [
  ["addressLine1", "Address line 1"],
  ["addressLine2", "Address line 2 (optional)"],
  ["city", "City"],
  ["region", "County / State / Region (optional)"],
  ["postalCode", "Postal code"],
] as const;

/**
 * Profile (spec §2, §5): shown read-only until "Edit Profile"; the edit form keeps what was
 * typed when the server refuses it. The toggle is a link (?edit=1), so it works without
 * JavaScript and the browser's back button leaves edit mode.
 */
export function ProfileTab({
  profile,
  editing,
  saved,
  errors = {},
  values,
  message,
}: {
  profile: ProfileView;
  editing: boolean;
  saved: boolean;
  errors?: Partial<Record<string, string>>;
  values?: Values;
  message?: string | null;
}) {
  const current: Values = values ?? profile;
  return (
    <section aria-labelledby="profile-heading" className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="profile-heading" className="text-lg font-semibold text-slate-900">
          Profile
        </h2>
        {editing ? (
          <Link
            to="/account?tab=profile"
            replace
            className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50"
          >
            Cancel
          </Link>
        ) : (
          <Link
            to="/account?tab=profile&edit=1"
            replace
            className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50"
          >
            Edit Profile
          </Link>
        )}
      </div>
      {saved && !editing && <FormNotice>{PROFILE_SAVED}</FormNotice>}
      {message && <FormError>{message}</FormError>}

      {editing ? (
        <Form method="post" action="/account?tab=profile&edit=1" className="grid gap-4 sm:grid-cols-2" noValidate={false}>
          <input type="hidden" name="intent" value="update-profile" />
          <FullNameField defaultValue={current.fullName ?? ""} error={errors.fullName} />
          {/* No name attribute: the email is shown, never sent, and never changed here. */}
          <TextField name="" id="field-email" label="Email" type="email" value={profile.email} readOnly hint={EMAIL_READ_ONLY} />
          {ADDRESS_FIELDS.map(([name, label]) => (
            <TextField
              key={name}
              name={name}
              label={label}
              required={name !== "addressLine2" && name !== "region"}
              maxLength={name === "postalCode" ? 16 : name === "city" || name === "region" ? 100 : 200}
              autoComplete={
                { addressLine1: "address-line1", addressLine2: "address-line2", city: "address-level2", region: "address-level1", postalCode: "postal-code" }[name]
              }
              defaultValue={current[name] ?? ""}
              error={errors[name]}
              className={name === "addressLine1" || name === "addressLine2" ? "sm:col-span-2" : undefined}
            />
          ))}
          <SelectField name="country" label="Country" required autoComplete="country-name" defaultValue={current.country ?? ""} error={errors.country}>
            <option value="" disabled>
              Select a country
            </option>
            {PROFILE_COUNTRIES.map((country) => (
              <option key={country} value={country}>
                {country}
              </option>
            ))}
          </SelectField>
          <div className="flex items-end sm:col-span-2">
            <SubmitButton busyLabel="Saving..." name="intent" value="update-profile">
              Save Changes
            </SubmitButton>
          </div>
        </Form>
      ) : (
        <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
          <ProfileItem label="Full name" value={profile.fullName} />
          <ProfileItem label="Email" value={profile.email} />
          <ProfileItem
            label="Shipping address"
            wide
            value={
              [profile.addressLine1, profile.addressLine2, profile.city, profile.region, profile.postalCode, profile.country]
                .filter(Boolean)
                .join(", ") || null
            }
          />
        </dl>
      )}
    </section>
  );
}

function ProfileItem({ label, value, wide }: { label: string; value: string | null; wide?: boolean }) {
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="mt-0.5 break-words font-medium text-slate-900">{value ?? <span className="text-slate-500">Not set yet</span>}</dd>
    </div>
  );
}
