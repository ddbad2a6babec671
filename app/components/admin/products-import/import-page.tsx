import { useEffect, useRef, useState, type FormEvent } from "react";
import { Form, Link, useNavigation } from "react-router";
import {
  DRY_RUN_DISPLAY_LIMIT,
  hasChanges,
  MAX_IMPORT_BYTES,
  PRODUCT_CSV_COLUMNS,
  REQUIRED_CSV_COLUMNS,
  type DryRun,
  type ImportActionResult,
  type ImportCounts,
  type RowChange,
} from "~/modules/catalog/product-csv";

/** Where the page's script sends the file, to show upload progress (JSON answer). */
export const IMPORT_CHECK_PATH = "/admin/products/import/check";

const n = (value: number) => value.toLocaleString("en-GB");
const plural = (value: number, one: string, many: string) => `${n(value)} ${value === 1 ? one : many}`;

type Progress = { phase: "upload"; loaded: number; total: number } | { phase: "checking" } | null;

/**
 * /admin/products/import: choose a CSV, check it (a dry run: every row's changes and errors,
 * nothing written), then apply. Without JavaScript the form posts to the page and the dry run
 * comes back as a page; with it, the file goes up with XMLHttpRequest so a progress bar can show
 * the upload and then the server's check.
 */
export function ProductImportPage({ result }: { result?: ImportActionResult }) {
  // An answer from the script, with the page answer it came after: a newer answer from the
  // page's own action (apply, a check without JavaScript) replaces it.
  const [client, setClient] = useState<{ after: ImportActionResult | undefined; value: ImportActionResult } | null>(null);
  const [progress, setProgress] = useState<Progress>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);

  const shown = client && client.after === result ? client.value : result;
  useEffect(() => {
    if (shown && (shown.ok || shown.dryRun)) resultHeading.current?.focus();
    else if (shown) errorRef.current?.focus();
  }, [shown]);

  function upload(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const file = (form.elements.namedItem("file") as HTMLInputElement | null)?.files?.[0];
    if (!file) return; // the browser's own "required" message
    event.preventDefault();
    if (file.size > MAX_IMPORT_BYTES) {
      setUploadError(`The file is too large: at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB.`);
      return;
    }
    setUploadError(null);
    setClient(null);
    setProgress({ phase: "upload", loaded: 0, total: file.size });
    const xhr = new XMLHttpRequest();
    xhr.open("POST", IMPORT_CHECK_PATH);
    xhr.responseType = "json";
    xhr.upload.onprogress = (e) => setProgress({ phase: "upload", loaded: e.loaded, total: e.lengthComputable ? e.total : file.size });
    xhr.upload.onload = () => setProgress({ phase: "checking" });
    xhr.onload = () => {
      setProgress(null);
      const body = xhr.response as ImportActionResult | null;
      if (body && typeof body === "object" && "intent" in body) setClient({ after: result, value: body });
      else setUploadError(xhr.status === 413 ? "The file is too large." : xhr.status === 401 || xhr.status === 403 ? "Please sign in again as an admin." : "The file could not be checked. Please try again.");
    };
    xhr.onerror = () => {
      setProgress(null);
      setUploadError("The upload failed (connection lost?). Please try again.");
    };
    xhr.send(new FormData(form));
  }

  const dryRun = shown && (shown.ok ? (shown.intent === "dry-run" ? shown.dryRun : null) : (shown.dryRun ?? null));

  return (
    <div className="mx-auto max-w-5xl space-y-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Import products (CSV)</h1>
        <p className="mt-1 text-slate-600">
          Create or update products by slug, and their variants by condition, printing, language, grader and grade. Check the file first: nothing
          is written until you apply, and then all of it or none.
        </p>
        <p className="mt-2 text-sm">
          <a href="/admin/products/export.csv" className="font-medium text-amber-800 underline underline-offset-2" download>
            Download all products as CSV
          </a>{" "}
          <span className="text-slate-600">(the same format: edit it and import it back).</span>
        </p>
      </div>

      <section aria-labelledby="upload-heading" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <h2 id="upload-heading" className="text-lg font-semibold text-slate-900">
          1. Check a file
        </h2>
        <form method="post" encType="multipart/form-data" onSubmit={upload} className="mt-3 space-y-3">
          <input type="hidden" name="intent" value="dry-run" />
          <div>
            <label htmlFor="import-file" className="block font-medium text-slate-900">
              CSV file
            </label>
            <p id="import-file-hint" className="text-sm text-slate-600">
              UTF-8, at most {MAX_IMPORT_BYTES / 1024 / 1024} MB; the first row names the columns.
            </p>
            <input
              id="import-file"
              name="file"
              type="file"
              accept=".csv,text/csv"
              required
              aria-describedby="import-file-hint"
              className="mt-2 block w-full max-w-full text-sm text-slate-900 file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-slate-300 file:bg-slate-50 file:px-4 file:py-2 file:font-semibold"
            />
          </div>
          <button
            type="submit"
            disabled={progress !== null}
            className="inline-flex min-h-11 items-center justify-center rounded-lg bg-amber-500 px-5 py-2.5 font-semibold text-slate-900 shadow-sm hover:bg-amber-400 disabled:cursor-wait disabled:opacity-70"
          >
            {progress ? "Checking…" : "Check file (dry run)"}
          </button>
        </form>
        <ProgressBar progress={progress} />
        {uploadError && (
          <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
            {uploadError}
          </p>
        )}
        <details className="mt-4 text-sm text-slate-700">
          <summary className="cursor-pointer font-medium text-slate-900">The columns</summary>
          <p className="mt-2">
            Required: {REQUIRED_CSV_COLUMNS.join(", ")}. A column left out leaves that field as it is. One row per variant; the product columns repeat
            on each of its rows. Full description: docs/products-csv.md.
          </p>
          <p className="mt-1 break-words font-mono text-xs text-slate-600">{PRODUCT_CSV_COLUMNS.join(",")}</p>
        </details>
      </section>

      {shown && !shown.ok && (
        <p ref={errorRef} tabIndex={-1} role="alert" className="rounded-lg bg-red-50 px-4 py-3 font-medium text-red-800" data-testid="import-message">
          {shown.message}
        </p>
      )}
      {shown?.ok && shown.intent === "apply" && <Applied counts={shown.applied} fileName={shown.fileName} headingRef={resultHeading} />}
      {dryRun && <DryRunSection dryRun={dryRun} headingRef={resultHeading} />}
    </div>
  );
}

function ProgressBar({ progress }: { progress: Progress }) {
  const percent = progress?.phase === "upload" && progress.total > 0 ? Math.min(100, Math.round((progress.loaded / progress.total) * 100)) : null;
  const label = progress === null ? "" : progress.phase === "upload" ? `Uploading: ${percent ?? 0} %` : "Uploaded. Checking every row against the shop…";
  return (
    <div className="mt-3" hidden={progress === null} data-testid="import-progress">
      <progress
        className="h-3 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-amber-500 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-amber-500"
        max={100}
        value={progress?.phase === "upload" ? (percent ?? 0) : undefined}
        aria-label="Import progress"
      />
      <p className="mt-1 text-sm text-slate-700" aria-live="polite">
        {label}
      </p>
    </div>
  );
}

function Applied({ counts, fileName, headingRef }: { counts: ImportCounts; fileName: string; headingRef: React.RefObject<HTMLHeadingElement | null> }) {
  return (
    <section aria-labelledby="applied-heading" className="rounded-xl border border-emerald-200 bg-emerald-50 p-4 sm:p-6" data-testid="import-applied">
      <h2 id="applied-heading" ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-emerald-900">
        Imported {fileName}
      </h2>
      <p className="mt-1 text-emerald-900" role="status">
        {plural(counts.productsCreated, "product", "products")} created, {plural(counts.productsUpdated, "product", "products")} updated,{" "}
        {plural(counts.variantsCreated, "variant", "variants")} created, {plural(counts.variantsUpdated, "variant", "variants")} updated;{" "}
        {plural(counts.unchanged, "row", "rows")} unchanged.
      </p>
      <p className="mt-2 text-sm">
        <Link to="/admin/audit" className="font-medium text-emerald-900 underline underline-offset-2">
          See it in the audit log
        </Link>
      </p>
    </section>
  );
}

const ACTION_LABELS: Record<RowChange["action"], { label: string; className: string }> = {
  new_product: { label: "New product", className: "bg-emerald-100 text-emerald-900" },
  new_variant: { label: "New variant", className: "bg-sky-100 text-sky-900" },
  update: { label: "Update", className: "bg-amber-100 text-amber-900" },
};

function DryRunSection({ dryRun, headingRef }: { dryRun: DryRun; headingRef: React.RefObject<HTMLHeadingElement | null> }) {
  const { counts } = dryRun;
  const navigation = useNavigation();
  const applying = navigation.state === "submitting" && navigation.formData?.get("intent") === "apply";
  const changedRows = counts.rows - counts.unchanged;
  const summary: Array<[string, number]> = [
    ["Rows", counts.rows],
    ["New products", counts.productsCreated],
    ["Products changed", counts.productsUpdated],
    ["New variants", counts.variantsCreated],
    ["Variants changed", counts.variantsUpdated],
    ["Rows unchanged", counts.unchanged],
    ["Errors", counts.errors],
  ];
  return (
    <section aria-labelledby="dry-run-heading" className="space-y-6" data-testid="dry-run">
      <div>
        <h2 id="dry-run-heading" ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900">
          2. Dry run of {dryRun.fileName}
        </h2>
        <p className="mt-1 text-sm text-slate-600" role="status">
          {counts.errors > 0
            ? `${plural(counts.errors, "error", "errors")}: fix the file and check it again. Nothing has been written.`
            : hasChanges(counts)
              ? "Nothing has been written yet. Check the changes, then apply them."
              : "No changes: the shop already matches this file."}
        </p>
        <dl className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-7">
          {summary.map(([label, value]) => (
            <div key={label} className={`rounded-lg border px-3 py-2 ${label === "Errors" && value > 0 ? "border-red-300 bg-red-50" : "border-slate-200 bg-white"}`}>
              <dt className="text-xs text-slate-600">{label}</dt>
              <dd className="text-lg font-semibold text-slate-900">{n(value)}</dd>
            </div>
          ))}
        </dl>
      </div>

      {dryRun.fingerprint && hasChanges(counts) && (
        <Form method="post" encType="multipart/form-data" className="rounded-xl border border-amber-300 bg-amber-50 p-4" data-testid="apply-form">
          <input type="hidden" name="intent" value="apply" />
          <input type="hidden" name="payload" value={dryRun.payload} />
          <input type="hidden" name="fingerprint" value={dryRun.fingerprint} />
          <input type="hidden" name="fileName" value={dryRun.fileName} />
          <p className="text-sm text-slate-800">Apply writes every change below in one go, or none of them if the shop has changed since this dry run.</p>
          <button
            type="submit"
            disabled={applying}
            className="mt-3 inline-flex min-h-11 items-center justify-center rounded-lg bg-amber-500 px-5 py-2.5 font-semibold text-slate-900 shadow-sm hover:bg-amber-400 disabled:cursor-wait disabled:opacity-70"
          >
            {applying ? "Applying…" : `Apply ${plural(changedRows, "row", "rows")} of changes`}
          </button>
          {applying && <progress className="mt-3 block h-3 w-full" aria-label="Applying the import" />}
        </Form>
      )}

      {dryRun.errors.length > 0 && (
        <div>
          <h3 className="font-semibold text-red-800">Errors</h3>
          <ol className="mt-2 divide-y divide-red-100 rounded-xl border border-red-200 bg-white" data-testid="dry-run-errors">
            {dryRun.errors.map((error, i) => (
              <li key={i} className="px-3 py-2 text-sm">
                <span className="font-semibold text-slate-900">{error.row > 0 ? `Row ${error.row}` : "File"}</span>
                {error.column && <span className="font-mono text-slate-700"> · {error.column}</span>}
                <span className="text-red-800">: {error.message}</span>
              </li>
            ))}
          </ol>
          {counts.errors > dryRun.errors.length && (
            <p className="mt-1 text-sm text-slate-600">The first {n(DRY_RUN_DISPLAY_LIMIT)} errors are listed; fix them and check again to see the rest.</p>
          )}
        </div>
      )}

      {dryRun.changes.length > 0 && (
        <div>
          <h3 className="font-semibold text-slate-900">Changes</h3>
          <ol className="mt-2 space-y-2" data-testid="dry-run-changes">
            {dryRun.changes.map((row) => (
              <li key={row.row} className="rounded-xl border border-slate-200 bg-white px-3 py-2 text-sm shadow-sm">
                <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
                  <span className="font-semibold text-slate-900">Row {row.row}</span>
                  <span className="break-all font-mono text-slate-700">{row.slug}</span>
                  {row.variant && <span className="text-slate-700">{row.variant}</span>}
                  <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${ACTION_LABELS[row.action].className}`}>{ACTION_LABELS[row.action].label}</span>
                </div>
                <ul className="mt-1 space-y-0.5">
                  {row.changes.map((change) => (
                    <li key={change.field} className="break-words">
                      <span className="font-mono text-slate-600">{change.field}</span>:{" "}
                      {row.action === "update" || change.before !== null ? (
                        <>
                          <span className="text-slate-500">{shorten(change.before) ?? "(empty)"}</span>
                          <span aria-hidden> → </span>
                          <span className="sr-only"> to </span>
                        </>
                      ) : null}
                      <span className="font-semibold text-slate-900">{shorten(change.after) ?? "(empty)"}</span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
          {changedRows > dryRun.changes.length && (
            <p className="mt-2 text-sm text-slate-600">
              The first {n(dryRun.changes.length)} of {plural(changedRows, "row", "rows")} with changes are listed; the counts above cover them all, and
              apply writes them all.
            </p>
          )}
        </div>
      )}
    </section>
  );
}

/** Long descriptions are cut on the screen (the file has them whole). */
function shorten(text: string | null): string | null {
  if (text === null || text.length <= 160) return text;
  return `${text.slice(0, 157)}…`;
}
