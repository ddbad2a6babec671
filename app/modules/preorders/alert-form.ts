/** The customer's "Email me when it's available" form, as POST /alerts reads it (client-safe). */
import { z } from "zod";
import { parseDbId } from "~/utils/db-id";

/** The product page's alert form: which product (its page's slug is looked up, never posted). */
export const alertFormSchema = z.object({
  intent: z.enum(["subscribe", "cancel"]),
  productId: z.string().transform((s, ctx) => {
    const id = parseDbId(s);
    if (id === null) {
      ctx.addIssue({ code: "custom", message: "bad product" });
      return z.NEVER;
    }
    return id;
  }),
});
