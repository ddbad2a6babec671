import { z } from "zod";
import { parseDbId } from "~/utils/db-id";
import { PREORDER_LIMITS, PREORDER_TEXT } from "./rules";

/**
 * The back office's pre-order forms (client-safe): which intent, and its whole-number fields. Every
 * field is checked here and again by the module's guarded writes.
 */
const wholeNumber = (min: number, max: number, message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,7}$/, message)
    .transform(Number)
    .refine((n) => n >= min && n <= max, message);

const variantId = z.string().transform((s, ctx) => {
  const id = parseDbId(s);
  if (id === null) {
    ctx.addIssue({ code: "custom", message: PREORDER_TEXT.noVariant });
    return z.NEVER;
  }
  return id;
});

export const openPreorderSchema = z.object({
  intent: z.literal("open"),
  variantId,
  allocation: wholeNumber(0, PREORDER_LIMITS.maxAllocation, PREORDER_TEXT.allocationInvalid),
});

export const preorderActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("allocation"), allocation: wholeNumber(0, PREORDER_LIMITS.maxAllocation, PREORDER_TEXT.allocationInvalid) }),
  z.object({ intent: z.literal("delivery"), units: wholeNumber(1, PREORDER_LIMITS.maxDelivery, PREORDER_TEXT.deliveryInvalid) }),
  z.object({ intent: z.literal("shortfall"), choice: z.enum(["refund", "wait"], { message: PREORDER_TEXT.resend }) }),
  z.object({ intent: z.literal("release") }),
]);
export type PreorderAction = z.infer<typeof preorderActionSchema>;

/** What `?done=` says after a redirect back to a pre-order's page. */
export const PREORDER_NOTICES = {
  opened: PREORDER_TEXT.opened,
  allocation: PREORDER_TEXT.allocationSaved,
  delivery: "Delivery recorded.",
  refunded: "Short pre-orders refunded; each customer is emailed.",
  waiting: "Short pre-orders kept waiting; each customer is emailed.",
  released: PREORDER_TEXT.released,
} as const;

export function noticeFor(done: string | null): string | null {
  return done && Object.hasOwn(PREORDER_NOTICES, done) ? PREORDER_NOTICES[done as keyof typeof PREORDER_NOTICES] : null;
}

/** A refused form: the message, shown above the forms (status from the module). */
export interface PreorderFormRefusal {
  ok: false;
  message: string;
}
