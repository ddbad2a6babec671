import { z } from "zod";

/**
 * The card form of the sandbox's hosted pages (checkout and Pro sign-up), read the same way
 * by both routes. What the number means is `checkSandboxCard`'s business (card.ts).
 */

/** The ids the sandbox gives its checkout sessions (see createSandboxProvider): anything else is a 404. */
export const sandboxSessionIdSchema = z.string().regex(/^cs_sbx_[a-f0-9]{24}$/);

/** Room for spaces and dashes around 19 digits; longer input is not a card number. */
export const CARD_NUMBER_MAX_LENGTH = 40;

const cardForm = z.object({ cardNumber: z.string().max(CARD_NUMBER_MAX_LENGTH) });

export type SandboxCardForm = { ok: true; cardNumber: string } | { ok: false; message: string };

/** The posted card number, or a message when the post has none that could be one (a file, a novel). */
export function readSandboxCardForm(form: FormData): SandboxCardForm {
  const parsed = cardForm.safeParse({ cardNumber: form.get("cardNumber") ?? "" });
  return parsed.success ? { ok: true, cardNumber: parsed.data.cardNumber } : { ok: false, message: "Your card number is incorrect." };
}
