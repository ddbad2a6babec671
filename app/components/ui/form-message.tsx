import { CheckCircle2, CircleAlert } from "lucide-react";
import type { ReactNode } from "react";

/** A form's refusal in a red box (spec §2: "backend error messages are shown in a red box"), announced at once. */
export function FormError({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="flex items-start gap-2 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800">
      <CircleAlert aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
      <div>{children}</div>
    </div>
  );
}

/** Good news about a form (saved, sent, account created) in a green box, announced politely. */
export function FormNotice({ children }: { children: ReactNode }) {
  return (
    <div role="status" className="flex items-start gap-2 rounded-lg border border-green-300 bg-green-50 px-4 py-3 text-sm text-green-800">
      <CheckCircle2 aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
      <div>{children}</div>
    </div>
  );
}
