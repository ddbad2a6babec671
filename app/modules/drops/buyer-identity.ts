/**
 * Issue 16's "per-person limits across accounts": the keys that make several accounts one buyer
 * for a drop product. Pure and client-safe, so the rule has one home (the drop checkout, the
 * payment's recount and the entries use it).
 *
 * Two accounts are one buyer when any of these keys match:
 * - the verified email, normalised: case folded, and the parts that still deliver to the same
 *   mailbox removed: a "+tag" at every domain, dots at Gmail, a "-tag" at Yahoo;
 * - the delivery address: UK postcode without spaces, plus the first line folded (case,
 *   punctuation, runs of spaces, common street words abbreviated);
 * - the payment card's provider fingerprint (taken as it is, scoped to the provider).
 */

const GMAIL = new Set(["gmail.com", "googlemail.com"]);
const DASH_TAG = new Set(["yahoo.com", "yahoo.co.uk", "ymail.com"]);

/**
 * An email as the mailbox it reaches, or null when it is not an address.
 *
 * "+tag" goes at every domain, not only at a list of providers: plus-addressing (RFC 5233) is
 * what Gmail, Microsoft (outlook.fr, hotmail.de and every other regional domain), iCloud, Proton
 * (protonmail.ch too), Fastmail and the hosted mail of most custom domains do, and a list of
 * domains let `me+1@protonmail.ch` and `me+2@protonmail.ch` be two people (found by an attack
 * review). Two different mailboxes told apart only by a "+tag" are rare enough; one mailbox
 * opening a drop's accounts by the dozen is the attack. Dots and "-tags" are ordinary parts of
 * many real addresses, so they go only where the provider is known to ignore them.
 */
export function normaliseEmailIdentity(email: string): string | null {
  const trimmed = email.trim().toLowerCase();
  const at = trimmed.lastIndexOf("@");
  if (at <= 0 || at === trimmed.length - 1) return null;
  let local = trimmed.slice(0, at);
  let domain = trimmed.slice(at + 1).replace(/\.+$/, "");
  if (!/^[a-z0-9.-]+\.[a-z]{2,}$/.test(domain)) return null;
  local = local.split("+")[0]!;
  if (GMAIL.has(domain)) {
    domain = "gmail.com";
    local = local.replaceAll(".", "");
  } else if (DASH_TAG.has(domain)) {
    local = local.split("-")[0]!;
  }
  return local ? `${local}@${domain}` : null;
}

/** A UK postcode as one key: upper case, no spaces ("sw1a 1aa" → "SW1A1AA"); null when it is not one. */
export function normalisePostcode(postcode: string): string | null {
  const compact = postcode.replace(/\s+/g, "").toUpperCase();
  return /^[A-Z]{1,2}[0-9][A-Z0-9]?[0-9][A-Z]{2}$/.test(compact) ? compact : null;
}

const STREET_WORDS: Record<string, string> = {
  street: "st",
  road: "rd",
  avenue: "ave",
  lane: "ln",
  drive: "dr",
  close: "cl",
  court: "ct",
  crescent: "cres",
  place: "pl",
  square: "sq",
  terrace: "ter",
  gardens: "gdns",
  flat: "flat",
  apartment: "flat",
  apt: "flat",
};

/** An address's first line folded so spelling variants meet ("12, High Street" = "12 high st"). */
export function normaliseAddressLine(line: string): string {
  return line
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .split(" ")
    .filter(Boolean)
    .map((word) => STREET_WORDS[word] ?? word)
    .join(" ");
}

/** The delivery-address key (postcode + first line), or null without a valid UK postcode. */
export function addressIdentity(address: { postalCode: string | null; line1: string | null }): string | null {
  const postcode = address.postalCode ? normalisePostcode(address.postalCode) : null;
  const line = address.line1 ? normaliseAddressLine(address.line1) : "";
  return postcode && line ? `${postcode}|${line}` : null;
}

/** Every key a buyer is known by: accounts sharing any one of them count as one buyer. */
export function buyerIdentityKeys(buyer: {
  verifiedEmail: string | null;
  address: { postalCode: string | null; line1: string | null } | null;
  card: { provider: string; fingerprint: string } | null;
}): string[] {
  const keys: string[] = [];
  const email = buyer.verifiedEmail ? normaliseEmailIdentity(buyer.verifiedEmail) : null;
  if (email) keys.push(`email:${email}`);
  const address = buyer.address ? addressIdentity(buyer.address) : null;
  if (address) keys.push(`address:${address}`);
  if (buyer.card?.fingerprint.trim()) keys.push(`card:${buyer.card.provider}:${buyer.card.fingerprint.trim()}`);
  return keys;
}

/**
 * Keys anyone can put on their own checkout without owning them: a delivery address is typed, so
 * a rival could check out with someone else's postcode and first line and, by leaving the order
 * unpaid, hold that person's limit through their window (decision 0047, "Known limits"). Under
 * such a key another account's order counts only once it is paid (which sends the goods to that
 * address); the buyer's own orders count while pending too. The email (verified), the card (seen
 * paying) and the account are proven by their owner, and count pending orders of everyone.
 */
export const CLAIMABLE_KEY_PREFIXES = ["address:"] as const;

/** Whether another account's unpaid order under `key` is left out of a buyer's count. */
export function isClaimableKey(key: string): boolean {
  return CLAIMABLE_KEY_PREFIXES.some((prefix) => key.startsWith(prefix));
}
