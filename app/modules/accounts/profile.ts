/** A customer's profile as the account page shows and edits it (client-safe; no server imports). */
export interface Profile {
  fullName: string;
  email: string;
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  region: string | null;
  postalCode: string | null;
  country: string | null;
}
