import { LockIcon, TruckIcon } from "~/components/ui/icons";

/** The product page's shipping promise (above the description). */
export function FastShippingNote() {
  return (
    <div className="flex items-start gap-3 rounded-xl border border-green-200 bg-green-50 p-4">
      <TruckIcon className="mt-0.5 h-5 w-5 shrink-0 text-green-700" />
      <div>
        <p className="font-semibold text-green-900">Fast Shipping</p>
        <p className="text-sm text-green-800">Usually dispatched within 24 hours.</p>
      </div>
    </div>
  );
}

/** The product page's payment reassurance (below the description). */
export function SecurePaymentNote() {
  return (
    <div className="flex items-start gap-3 rounded-xl border border-slate-200 bg-white p-4">
      <LockIcon className="mt-0.5 h-5 w-5 shrink-0 text-slate-700" />
      <div>
        <p className="font-semibold text-slate-900">Secure Payment</p>
        <p className="text-sm text-slate-600">
          Card payments are handled on our payment provider&apos;s secure page; we never see or store your card number.
        </p>
      </div>
    </div>
  );
}
