/**
 * What the sandbox's hosted pages (checkout and Pro sign-up) do with a card number: Stripe's
 * test cards pay or are declined, anything else gets a message. Client-safe, no imports.
 */

export const SANDBOX_PAYING_CARD = "4242424242424242";
export const SANDBOX_DECLINED_CARD = "4000000000000002";
/**
 * More of Stripe's paying test cards (Visa debit, Mastercard debit): a different card pays as
 * well, with its own simulated fingerprint, so "two accounts, one card" and "two accounts, two
 * cards" can both be tried (issue 16's per-person drop limits count a card as one buyer).
 */
export const SANDBOX_OTHER_PAYING_CARDS = ["4000056655665556", "5200828282828210"] as const;

export type CardCheck =
  | { ok: true; outcome: "pay"; digits: string }
  | { ok: true; outcome: "decline" }
  | { ok: false; message: string };

/** Luhn check, so a typo reads as a typo and not as "declined". */
function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * What the sandbox does with a card number. Spaces (and dashes) are optional. Only Stripe's
 * two test cards do anything; any other number gets a message naming them.
 */
export function checkSandboxCard(input: string): CardCheck {
  const digits = input.replace(/[\s-]/g, "");
  if (digits === "") return { ok: false, message: "Enter a card number." };
  if (!/^\d+$/.test(digits)) return { ok: false, message: "Your card number should contain digits only." };
  if (digits.length < 13 || digits.length > 19 || !luhnValid(digits)) {
    return { ok: false, message: "Your card number is incorrect." };
  }
  if (digits === SANDBOX_PAYING_CARD || (SANDBOX_OTHER_PAYING_CARDS as readonly string[]).includes(digits)) return { ok: true, outcome: "pay", digits };
  if (digits === SANDBOX_DECLINED_CARD) return { ok: true, outcome: "decline" };
  return {
    ok: false,
    message: "This is a test payment: use 4242 4242 4242 4242 to pay, or 4000 0000 0000 0002 to see a declined card.",
  };
}
