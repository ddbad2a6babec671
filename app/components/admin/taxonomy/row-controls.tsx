import { ArrowDown, ArrowUp, Eye, EyeOff } from "lucide-react";
import { Form } from "react-router";

/** A visible/hidden pill: hidden things are not in the shop. */
export function VisibilityPill({ visible }: { visible: boolean }) {
  return visible ? (
    <span className="inline-flex items-center rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">Shown</span>
  ) : (
    <span className="inline-flex items-center rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-700">Hidden</span>
  );
}

const buttonClass =
  "inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-lg border border-slate-300 bg-white px-2.5 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-500 disabled:cursor-not-allowed disabled:opacity-40";

/**
 * A row's buttons: move up, move down, show or hide. Each is a form of its own (works without
 * JavaScript); the buttons are named for the row ("Move Japanese up"), so a screen reader's
 * list of buttons says which row each one acts on.
 */
export function RowControls({ id, name, visible, first, last, action }: { id: number; name: string; visible: boolean; first: boolean; last: boolean; action?: string }) {
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <Form method="post" action={action} className="contents">
        <input type="hidden" name="intent" value="move" />
        <input type="hidden" name="id" value={id} />
        <button type="submit" name="direction" value="up" disabled={first} className={buttonClass} aria-label={`Move ${name} up`} title="Move up">
          <ArrowUp aria-hidden className="h-4 w-4" />
        </button>
        <button type="submit" name="direction" value="down" disabled={last} className={buttonClass} aria-label={`Move ${name} down`} title="Move down">
          <ArrowDown aria-hidden className="h-4 w-4" />
        </button>
      </Form>
      <Form method="post" action={action} className="contents">
        <input type="hidden" name="intent" value="visibility" />
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="visible" value={visible ? "false" : "true"} />
        <button type="submit" className={buttonClass} aria-label={`${visible ? "Hide" : "Show"} ${name}`}>
          {visible ? <EyeOff aria-hidden className="h-4 w-4" /> : <Eye aria-hidden className="h-4 w-4" />}
          <span>{visible ? "Hide" : "Show"}</span>
        </button>
      </Form>
    </div>
  );
}
