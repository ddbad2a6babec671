import { Upload } from "lucide-react";
import { useId, useRef, useState, type DragEvent, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import { useHydrated } from "~/components/ui/use-hydrated";
import { IMAGE_ACCEPT, IMAGE_TEXT, PRODUCT_IMAGE_LIMITS, type UploadAnswer } from "~/modules/catalog/product-images";
import { SNIFF_BYTES, sniffImageType } from "~/modules/media/image-type";

interface Item {
  key: string;
  name: string;
  /** 0–100 while sending. */
  progress: number;
  state: "waiting" | "sending" | "processing" | "added" | "refused";
  message: string;
}

/**
 * The upload form. Without JavaScript it is a plain multipart form posting to the page (a file
 * picker, several files, one request). With it, files can also be dropped on the box, each is
 * checked here first (type by its bytes, size, room left) and sent on its own to the upload
 * endpoint with a progress bar; the server checks everything again. The list then reloads.
 */
export function ImageUploader({ productId, imageCount }: { productId: number; imageCount: number }) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const inputRef = useRef<HTMLInputElement>(null);
  const [items, setItems] = useState<Item[]>([]);
  const [summary, setSummary] = useState("");
  const [dragging, setDragging] = useState(false);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const room = Math.max(0, PRODUCT_IMAGE_LIMITS.maxPerProduct - imageCount);

  const update = (key: string, change: Partial<Item>) => setItems((all) => all.map((i) => (i.key === key ? { ...i, ...change } : i)));

  async function start(fileList: FileList | File[]) {
    const files = [...fileList];
    if (busy) return;
    if (files.length === 0) {
      setSummary(IMAGE_TEXT.noFiles);
      return;
    }
    if (files.length > room) {
      setItems([]);
      setSummary(IMAGE_TEXT.tooManyImages(imageCount, files.length));
      return;
    }
    setBusy(true);
    setSummary("");
    const queued: Item[] = files.map((file, index) => ({ key: `${Date.now()}-${index}`, name: file.name, progress: 0, state: "waiting", message: "Waiting…" }));
    setItems(queued);
    let added = 0;
    for (const [index, file] of files.entries()) {
      const key = queued[index]!.key;
      const refusal = await checkFile(file);
      if (refusal) {
        update(key, { state: "refused", message: refusal });
        continue;
      }
      update(key, { state: "sending", message: "Uploading…" });
      const answer = await send(file, productId, (progress) =>
        update(key, progress < 100 ? { progress } : { progress, state: "processing", message: "Making the image sizes…" }),
      );
      if (answer.ok) {
        added += answer.addedCount;
        update(key, { state: "added", progress: 100, message: "Added." });
      } else {
        update(key, { state: "refused", message: answer.refusals[0] ?? answer.message });
      }
    }
    setBusy(false);
    setSummary(added > 0 ? `${IMAGE_TEXT.added(added)}${added < files.length ? ` ${files.length - added} could not be added (see above).` : ""}` : "No image was added (see above).");
    if (inputRef.current) inputRef.current.value = "";
    if (added > 0) await revalidator.revalidate();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!hydrated) return;
    event.preventDefault();
    void start(inputRef.current?.files ?? []);
  }

  function onDrop(event: DragEvent<HTMLFormElement>) {
    event.preventDefault();
    setDragging(false);
    void start(event.dataTransfer.files);
  }

  return (
    <form
      method="post"
      encType="multipart/form-data"
      onSubmit={onSubmit}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      aria-label="Upload images"
      data-testid="image-upload-form"
      className={`space-y-4 rounded-xl border-2 border-dashed p-4 sm:p-6 ${dragging ? "border-amber-500 bg-amber-50" : "border-slate-300 bg-white"}`}
    >
      <input type="hidden" name="intent" value="upload" />
      <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center">
        <Upload aria-hidden className="hidden h-8 w-8 shrink-0 text-slate-400 sm:block" />
        <div className="min-w-0 flex-1">
          <label htmlFor={inputId} className="block font-semibold text-slate-900">
            {hydrated ? "Drop images here, or choose them" : "Choose images"}
          </label>
          <p id={`${inputId}-hint`} className="mt-1 text-sm text-slate-600">
            {IMAGE_TEXT.hint}
          </p>
        </div>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          name="images"
          multiple
          accept={IMAGE_ACCEPT}
          aria-describedby={`${inputId}-hint`}
          className="block w-full min-w-0 text-sm text-slate-700 file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-slate-100 file:px-4 file:py-2 file:font-semibold file:text-slate-900 hover:file:bg-slate-200"
        />
        <button
          type="submit"
          disabled={busy}
          className="inline-flex min-h-11 shrink-0 items-center justify-center rounded-lg bg-amber-500 px-5 py-2.5 font-semibold text-slate-900 shadow-sm hover:bg-amber-400 disabled:cursor-wait disabled:opacity-70"
        >
          {busy ? "Uploading…" : "Upload"}
        </button>
      </div>
      {items.length > 0 && (
        <ul className="space-y-2" aria-label="Files being uploaded">
          {items.map((item) => (
            <li key={item.key} data-testid="upload-item" className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <span className="min-w-0 truncate font-medium text-slate-900">{item.name}</span>
                <span className={item.state === "refused" ? "font-medium text-red-700" : item.state === "added" ? "font-medium text-green-800" : "text-slate-600"}>
                  {item.message}
                </span>
              </div>
              {(item.state === "sending" || item.state === "processing") && (
                <progress max={100} value={item.progress} aria-label={`Uploading ${item.name}`} className="mt-2 h-2 w-full accent-amber-500" />
              )}
            </li>
          ))}
        </ul>
      )}
      <p role="status" aria-live="polite" className="text-sm font-medium text-slate-900 empty:hidden" data-testid="upload-summary">
        {summary}
      </p>
    </form>
  );
}

/** The checks the server makes too, made here first so a wrong file is not sent at all. */
async function checkFile(file: File): Promise<string | null> {
  if (file.size === 0) return IMAGE_TEXT.refused(file.name, "empty");
  if (file.size > PRODUCT_IMAGE_LIMITS.maxFileBytes) return IMAGE_TEXT.refused(file.name, "size", file.size);
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  return sniffImageType(head) ? null : IMAGE_TEXT.refused(file.name, "type");
}

/** One file to the upload endpoint, with progress; the server's answer, or a generic failure. */
function send(file: File, productId: number, onProgress: (percent: number) => void): Promise<UploadAnswer> {
  return new Promise((resolve) => {
    const failed: UploadAnswer = { ok: false, message: IMAGE_TEXT.uploadFailed, refusals: [], addedCount: 0 };
    const body = new FormData();
    body.append("images", file, file.name);
    const request = new XMLHttpRequest();
    request.open("POST", `/admin/products/${productId}/images/upload`);
    request.responseType = "json";
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      const answer = request.response as UploadAnswer | null;
      resolve(answer && typeof answer.message === "string" ? answer : { ...failed, message: request.status === 413 ? IMAGE_TEXT.refused(file.name, "size", file.size) : failed.message });
    };
    request.onerror = () => resolve(failed);
    request.send(body);
  });
}
