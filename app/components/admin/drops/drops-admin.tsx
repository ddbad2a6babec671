import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import { SelectField, TextField } from "~/components/ui/field";
import { ShopDateTime } from "~/components/ui/format-date";
import { FormError, FormNotice } from "~/components/ui/form-message";
import { SubmitButton } from "~/components/ui/submit-button";
import { DROP_LIMITS, type DropFieldErrors, type DropFormValues } from "~/modules/drops/admin-form";
import type { DropPhase } from "~/modules/drops/drop-rules";
import type { DropProgress } from "~/modules/drops/progress";
import { DropProgressPanel } from "./drop-progress";

/** A list row as the loader sends it (dates may arrive as strings). */
export interface DropRowView {
  id: number;
  productId: number;
  productName: string;
  mode: "queue" | "draw";
  phase: DropPhase;
  opensAt: Date | string;
  startsAt: Date | string;
  entries: number;
  sold: number;
}

const PHASE_LABEL: Record<DropPhase, string> = {
  announced: "Announced",
  open: "Open",
  live: "Live",
  closed: "Entry closed",
  off: "Called off",
};

export function PhasePill({ phase }: { phase: DropPhase }) {
  const tone = phase === "off" ? "bg-slate-100 text-slate-700" : phase === "live" || phase === "open" ? "bg-green-100 text-green-800" : "bg-amber-100 text-amber-900";
  return <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`}>{PHASE_LABEL[phase]}</span>;
}

/** /admin/drops: every drop with its phase, entries and units sold. */
export function DropsListPage({ drops }: { drops: DropRowView[] }) {
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Drops</h1>
      <p className="text-sm text-slate-700">
        A drop sells a hot product at a set time through a waiting room or a free prize draw. To start one, open the product in{" "}
        <Link to="/admin/products" className="font-semibold text-amber-800 underline">
          Products
        </Link>{" "}
        and choose “Set up a drop”.
      </p>
      {drops.length === 0 ? (
        <p className="text-sm text-slate-600">No drops yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white shadow-sm" data-testid="admin-drops">
          {drops.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3 text-sm" data-testid="admin-drop-row">
              <Link to={`/admin/drops/${d.id}`} className="font-semibold text-slate-900 underline">
                {d.productName}
              </Link>
              <PhasePill phase={d.phase} />
              <span className="text-slate-700">{d.mode === "queue" ? "Queue" : "Draw"}</span>
              <span className="text-slate-600">
                starts <ShopDateTime value={d.startsAt} />
              </span>
              <span className="ml-auto tabular-nums text-slate-700">
                {d.entries} {d.entries === 1 ? "entry" : "entries"} · {d.sold} sold
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The drop form, new or edit. Times are typed on the UK clock (datetime-local, London time).
 * After the start everything but the units per person is read-only (the server refuses it too).
 */
export function DropForm({
  values,
  errors,
  message,
  locked,
  submitLabel,
}: {
  values: DropFormValues;
  errors: DropFieldErrors;
  message?: string;
  locked: boolean;
  submitLabel: string;
}) {
  const errorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message) errorRef.current?.focus();
  }, [message, errors]);
  const number = (name: "admitPerMinute" | "purchaseMinutes" | "unitsPerPerson", label: string, hint: string, readOnly: boolean) => (
    <TextField
      name={name}
      label={label}
      hint={hint}
      defaultValue={values[name] ?? ""}
      error={errors[name]}
      inputMode="numeric"
      pattern="[0-9]*"
      min={DROP_LIMITS[name].min}
      max={DROP_LIMITS[name].max}
      readOnly={readOnly}
      required
      className="max-w-xs"
    />
  );
  return (
    <Form method="post" noValidate className="space-y-4" key={JSON.stringify(values)} aria-label="Drop settings">
      <input type="hidden" name="intent" value="save" />
      {message && (
        <div ref={errorRef} tabIndex={-1} className="focus:outline-none">
          <FormError>{message}</FormError>
        </div>
      )}
      <section className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        {locked ? (
          <>
            <input type="hidden" name="mode" value={values.mode ?? ""} />
            <TextField name="modeShown" label="Mode" value={values.mode === "draw" ? "Free prize draw" : "Waiting room (queue)"} readOnly className="max-w-xs" />
          </>
        ) : (
          <SelectField name="mode" label="Mode" defaultValue={values.mode ?? "queue"} error={errors.mode} className="max-w-xs" hint="Queue: a waiting room, admitted at a fixed rate. Draw: free entry, winners drawn at the close.">
            <option value="queue">Waiting room (queue)</option>
            <option value="draw">Free prize draw</option>
          </SelectField>
        )}
        <TextField
          name="opensAt"
          label="Opens at (UK time)"
          type="datetime-local"
          step={1}
          hint="When the waiting room (or draw entry) opens."
          defaultValue={values.opensAt ?? ""}
          error={errors.opensAt}
          readOnly={locked}
          required
          className="max-w-xs"
        />
        <TextField
          name="startsAt"
          label="Starts at (UK time)"
          type="datetime-local"
          step={1}
          hint="Queue: the random order is made and admission begins. Draw: entry closes and the draw is made."
          defaultValue={values.startsAt ?? ""}
          error={errors.startsAt}
          readOnly={locked}
          required
          className="max-w-xs"
        />
        {number("admitPerMinute", "Admitted per minute", "Queue: how many buyers get their turn each minute (what the shop can serve).", locked)}
        {number("purchaseMinutes", "Minutes to buy", "How long each admitted buyer (or draw winner) may buy for.", locked)}
        {number("unitsPerPerson", "Units per person", "Across accounts: the same email, delivery address or card count as one person.", false)}
        <TextField
          name="places"
          label="Places (draw only)"
          hint="How many entries win. Leave empty for stock ÷ units per person."
          defaultValue={values.places ?? ""}
          error={errors.places}
          inputMode="numeric"
          readOnly={locked}
          className="max-w-xs"
        />
      </section>
      <SubmitButton busyLabel="Saving...">{submitLabel}</SubmitButton>
    </Form>
  );
}

export interface DropDetailView {
  id: number;
  productId: number;
  productName: string;
  productSlug: string;
  mode: "queue" | "draw";
  phase: DropPhase;
  seed: string | null;
  orderedAt: Date | string | null;
  cancelledAt: Date | string | null;
  entries: number;
  sold: number;
  locked: boolean;
}

/** /admin/drops/:id: the drop's state, how it is going, its settings form and the call-off step. */
export function DropAdminPage({
  drop,
  progress,
  notice,
  values,
  errors,
  message,
}: {
  drop: DropDetailView;
  progress: DropProgress;
  notice: string | null;
  values: DropFormValues;
  errors: DropFieldErrors;
  message?: string;
}) {
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Drop: {drop.productName}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
            <PhasePill phase={drop.phase} />
            <span>
              {drop.entries} {drop.entries === 1 ? "entry" : "entries"} · {drop.sold} sold
            </span>
          </p>
        </div>
        <Link to="/admin/drops" className="text-sm font-medium text-amber-700 underline underline-offset-2">
          All drops
        </Link>
      </div>
      {notice && <FormNotice>{notice}</FormNotice>}
      <p className="flex flex-wrap gap-4 text-sm">
        <Link to={`/drops/${drop.id}`} className="font-semibold text-amber-800 underline">
          The drop's page
        </Link>
        <Link to={`/products/${drop.productSlug}`} className="font-semibold text-amber-800 underline">
          The product page
        </Link>
        <Link to={`/admin/products/${drop.productId}`} className="font-semibold text-amber-800 underline">
          Edit the product
        </Link>
      </p>
      {drop.seed && drop.orderedAt && (
        <p className="break-all text-sm text-slate-700" data-testid="drop-seed">
          {drop.mode === "queue" ? "Queue ordered" : "Drawn"} <ShopDateTime value={drop.orderedAt} /> with seed <code className="font-mono">{drop.seed}</code>
        </p>
      )}
      <DropProgressPanel dropId={drop.id} mode={drop.mode} cancelledAt={drop.cancelledAt} progress={progress} />
      {drop.cancelledAt ? (
        <p className="text-sm text-slate-700">
          Called off <ShopDateTime value={drop.cancelledAt} />: the product sells as usual.
        </p>
      ) : (
        <>
          <section aria-labelledby="drop-settings" className="space-y-3">
            <h2 id="drop-settings" className="text-lg font-semibold text-slate-900">
              Settings
            </h2>
            {drop.locked && <p className="text-sm text-slate-700">The drop has started: only the units per person can change.</p>}
            <DropForm values={values} errors={errors} message={message} locked={drop.locked} submitLabel="Save drop" />
          </section>
          <section aria-labelledby="drop-call-off" className="space-y-3 rounded-xl border border-red-200 bg-white p-4 shadow-sm">
            <h2 id="drop-call-off" className="text-lg font-semibold text-slate-900">
              Call the drop off
            </h2>
            <p className="text-sm text-slate-700">Nobody more is admitted or drawn and the product sells as usual, to anyone. Orders already paid stand. This cannot be undone.</p>
            <Form method="post" className="space-y-3">
              <input type="hidden" name="intent" value="call-off" />
              <label className="flex items-center gap-2 text-sm text-slate-800">
                <input type="checkbox" name="confirm" value="yes" className="h-5 w-5" />
                Yes, call this drop off
              </label>
              <button type="submit" className="rounded-lg border border-red-300 bg-white px-4 py-2 text-sm font-semibold text-red-800 hover:bg-red-50">
                Call off
              </button>
            </Form>
          </section>
        </>
      )}
    </div>
  );
}
