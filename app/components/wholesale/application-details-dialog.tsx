import { ShopDateTime } from "~/components/ui/format-date";
import * as Dialog from "@radix-ui/react-dialog";
import { CircleAlert, CircleCheck, X } from "lucide-react";
import { useRef, type ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { companyTypeLabel, DECISION_NOTE_MAX } from "~/modules/wholesale/application-schema";
import { StatusPill } from "./status-pill";

/** What the dialog shows: one application as the admin loader sends it. */
export interface ApplicationDetails {
  id: string;
  createdAt: Date;
  status: string;
  email: string;
  contactName: string;
  platformUsername: string;
  contactNumber: string;
  billingAddress: string;
  deliveryAddress: string | null;
  companyType: string;
  companyName: string | null;
  companyNumber: string | null;
  additionalInfo: string | null;
  subscribeNewsletter: boolean;
  decidedAt: Date | null;
  decidedByEmail: string | null;
  decisionNote: string | null;
}

export type DecisionFeedback = { ok: true; message: string } | { ok: false; message: string };

/**
 * The details of one application in an accessible modal (Radix: focus trapped and returned,
 * Escape and the overlay close it, title and description announced). It is rendered in place
 * rather than in a portal so the server can render it too: `?application=<id>` opens it even
 * without JavaScript.
 */
export function ApplicationDetailsDialog({
  application,
  closeHref,
  formAction,
  feedback,
  onClose,
}: {
  application: ApplicationDetails;
  closeHref: string;
  formAction: string;
  feedback?: DecisionFeedback;
  onClose: () => void;
}) {
  const navigation = useNavigation();
  const deciding =
    navigation.state === "submitting" && navigation.formData?.get("id") === application.id
      ? String(navigation.formData.get("decision"))
      : null;
  const pending = application.status === "pending";
  const closeRef = useRef<HTMLAnchorElement>(null);

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
      <Dialog.Content
        // Start on the close button, not the note: no phone keyboard popping up just to read.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          closeRef.current?.focus();
        }}
        className="fixed inset-x-2 top-4 bottom-4 z-50 mx-auto flex max-w-2xl flex-col overflow-hidden rounded-2xl bg-white shadow-xl sm:inset-x-4 sm:top-10 sm:bottom-auto sm:max-h-[calc(100vh-5rem)]"
      >
        <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
          <div className="min-w-0">
            <Dialog.Title className="text-lg font-bold text-slate-900">Application from {application.contactName}</Dialog.Title>
            <Dialog.Description className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
              <span>
                Submitted <ShopDateTime value={application.createdAt} />
              </span>
              <StatusPill status={application.status} />
            </Dialog.Description>
          </div>
          {/* A link, not only a button, so the dialog also closes without JavaScript. */}
          <Link
            ref={closeRef}
            to={closeHref}
            preventScrollReset
            aria-label="Close"
            onClick={(event) => {
              event.preventDefault();
              onClose();
            }}
            className="rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
          >
            <X aria-hidden className="h-5 w-5" />
          </Link>
        </div>

        <div className="flex-1 overflow-y-auto px-5 py-4">
          {feedback && (
            <p
              role={feedback.ok ? "status" : "alert"}
              className={`mb-4 flex items-start gap-2 rounded-lg border px-4 py-3 text-sm font-medium ${
                feedback.ok ? "border-green-300 bg-green-50 text-green-800" : "border-red-300 bg-red-50 text-red-800"
              }`}
            >
              {feedback.ok ? (
                <CircleCheck aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
              ) : (
                <CircleAlert aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
              )}
              {feedback.message}
            </p>
          )}

          <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
            <Row label="Email">
              <a href={`mailto:${application.email}`} className="break-all text-amber-700 underline hover:text-amber-900">
                {application.email}
              </a>
            </Row>
            <Row label="Contact name">{application.contactName}</Row>
            <Row label="Platform username(s)">
              <span className="whitespace-pre-wrap break-words">{application.platformUsername}</span>
            </Row>
            <Row label="Contact number">
              <a href={`tel:${application.contactNumber.replace(/[^\d+]/g, "")}`} className="text-amber-700 underline hover:text-amber-900">
                {application.contactNumber}
              </a>
            </Row>
            <Row label="Billing address">
              <span className="whitespace-pre-wrap break-words">{application.billingAddress}</span>
            </Row>
            <Row label="Delivery address">
              <span className="whitespace-pre-wrap break-words">{application.deliveryAddress ?? "Same as billing address"}</span>
            </Row>
            <Row label="Company type">{companyTypeLabel(application.companyType)}</Row>
            <Row label="Company name">{application.companyName ?? "—"}</Row>
            <Row label="Company number">{application.companyNumber ?? "—"}</Row>
            <Row label="Additional information">
              <span className="whitespace-pre-wrap break-words">{application.additionalInfo ?? "—"}</span>
            </Row>
            <Row label="Newsletter">{application.subscribeNewsletter ? "Subscribed" : "Not subscribed"}</Row>
            {!pending && (
              <>
                <Row label="Decided">
                  {application.decidedAt ? <ShopDateTime value={application.decidedAt} /> : "—"}
                  {application.decidedByEmail && <> by {application.decidedByEmail}</>}
                </Row>
                <Row label="Decision note">
                  <span className="whitespace-pre-wrap break-words">{application.decisionNote ?? "—"}</span>
                </Row>
              </>
            )}
          </dl>
        </div>

        <div className="border-t border-slate-200 bg-slate-50 px-5 py-4">
          {pending ? (
            <Form method="post" action={formAction} preventScrollReset className="space-y-3">
              <input type="hidden" name="intent" value="decide" />
              <input type="hidden" name="id" value={application.id} />
              <div>
                <label htmlFor="decision-note" className="block text-sm font-medium text-slate-800">
                  Note (optional)
                </label>
                <textarea
                  id="decision-note"
                  name="note"
                  rows={2}
                  maxLength={DECISION_NOTE_MAX}
                  aria-describedby="decision-note-hint"
                  className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
                />
                <p id="decision-note-hint" className="mt-1 text-xs text-slate-600">
                  Kept with the decision for other admins; it is not sent to the applicant.
                </p>
              </div>
              <div className="flex flex-wrap justify-end gap-2">
                <button
                  type="submit"
                  name="decision"
                  value="rejected"
                  disabled={deciding !== null}
                  className="rounded-lg border border-red-300 bg-white px-4 py-2 font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60"
                >
                  {deciding === "rejected" ? "Rejecting..." : "Reject"}
                </button>
                <button
                  type="submit"
                  name="decision"
                  value="approved"
                  disabled={deciding !== null}
                  className="rounded-lg bg-green-700 px-4 py-2 font-semibold text-white hover:bg-green-800 disabled:opacity-60"
                >
                  {deciding === "approved" ? "Approving..." : "Approve"}
                </button>
              </div>
            </Form>
          ) : (
            <div className="flex justify-end">
              <Link
                to={closeHref}
                preventScrollReset
                onClick={(event) => {
                  event.preventDefault();
                  onClose();
                }}
                className="rounded-lg bg-slate-900 px-4 py-2 font-semibold text-white hover:bg-slate-700"
              >
                Close
              </Link>
            </div>
          )}
        </div>
      </Dialog.Content>
    </Dialog.Root>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="text-sm text-slate-900">{children}</dd>
    </>
  );
}
