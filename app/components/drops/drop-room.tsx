import { useEffect, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { SignInChallenge } from "~/components/account/sign-in-challenge";
import { AddToCartForm } from "~/components/add-to-cart-form";
import { ShopDateTime } from "~/components/ui/format-date";
import type { DropView } from "~/modules/drops/drop-view";
import { describeWait, secondsUntil } from "~/modules/drops/drop-rules";
import { retryDelayMs, roomCheckDelayMs, roomState, roomStateKey, type RoomState, type RoomVariant } from "~/modules/drops/room-state";
import { formatPence } from "~/utils/money";
import { Countdown } from "./countdown";
import { DrawOutcome } from "./draw-outcome";

export interface DropRoomProps {
  view: DropView;
  soldOut: boolean;
  bought: number;
  product: { name: string; slug: string; description: string | null };
  variants: RoomVariant[];
  signedIn: boolean;
  /** The entry check (ALTCHA challenge JSON) when this account may join now. */
  challenge: string | null;
  /** A refused or accepted join's sentence. */
  answer: { ok: boolean; message: string } | null;
  loginHref: string;
  registerHref: string;
}

const NO_SCRIPT_CHECK = "Joining needs a quick automatic check that runs in your browser with JavaScript, which is turned off. Please turn JavaScript on for this page to join.";

/**
 * The drop's own page: personal, never cached. A guest sees what the drop is and how to take
 * part; a signed-in visitor joins (with the proof-of-work check) and then sees their place,
 * their wait and, when their turn comes, the form to buy. The page asks the server again only
 * when something is due to change (room-state.ts), and says a change once, politely.
 */
export function DropRoom(props: DropRoomProps) {
  const { product } = props;
  const { view, soldOut, bought, now } = useRoomStatus(props.view, props.soldOut, props.bought);
  const isQueue = view.mode === "queue";
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-8">
      <header className="space-y-2">
        <p className="text-sm font-semibold uppercase tracking-wide text-amber-800">{isQueue ? "Timed drop: waiting room" : "Timed drop: free prize draw"}</p>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{product.name}</h1>
        <p className="text-sm text-slate-700">
          <Link to={`/products/${product.slug}`} className="font-semibold text-amber-800 underline hover:text-amber-900">
            About this product
          </Link>
        </p>
      </header>
      <Timeline view={view} />
      {!props.signedIn ? (
        <GuestPanel view={view} loginHref={props.loginHref} registerHref={props.registerHref} />
      ) : (
        <PersonalPanel {...props} view={view} soldOut={soldOut} bought={bought} now={now} />
      )}
      <p className="text-sm text-slate-700">
        Limited to {view.unitsPerPerson} per person, counting every account with the same email, delivery address or card. Entry is free.
      </p>
    </div>
  );
}

function Timeline({ view }: { view: DropView }) {
  const isQueue = view.mode === "queue";
  return (
    <dl className="grid grid-cols-1 gap-2 rounded-lg border border-slate-200 bg-white p-4 text-sm sm:grid-cols-2">
      <div>
        <dt className="font-semibold text-slate-900">{isQueue ? "Waiting room opens" : "Entry opens"}</dt>
        <dd className="text-slate-700">
          <ShopDateTime value={view.opensAt} />
        </dd>
      </div>
      <div>
        <dt className="font-semibold text-slate-900">{isQueue ? "The drop starts" : "Entry closes, the draw is made"}</dt>
        <dd className="text-slate-700">
          <ShopDateTime value={view.startsAt} />
        </dd>
      </div>
    </dl>
  );
}

function GuestPanel({ view, loginHref, registerHref }: { view: DropView; loginHref: string; registerHref: string }) {
  const isQueue = view.mode === "queue";
  return (
    <section aria-labelledby="take-part" className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h2 id="take-part" className="text-lg font-semibold text-slate-900">
        How to take part
      </h2>
      <p className="text-sm text-slate-700">
        {isQueue
          ? "Everyone in the waiting room when the drop starts gets a place in a random order, so there is no need to rush. After the start, newcomers queue behind in the order they come. When your turn comes you have a set time to buy."
          : "Entry is free while it is open. At the close, places are drawn at random with a recorded seed; each winner gets a set time to buy, and places not taken pass to the next drawn."}{" "}
        You need an account with a verified email address.
      </p>
      <p className="flex flex-wrap gap-3">
        <Link to={loginHref} className="inline-flex min-h-11 items-center rounded-lg bg-slate-900 px-4 py-2 font-semibold text-white hover:bg-slate-700">
          Sign in to take part
        </Link>
        <Link to={registerHref} className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-900 hover:bg-slate-50">
          Create an account
        </Link>
      </p>
    </section>
  );
}

function PersonalPanel({ view, soldOut, bought, now, variants, challenge, answer }: DropRoomProps & { now: Date }) {
  const state = roomState(view, soldOut, now, bought);
  return (
    <section aria-labelledby="your-place" className="space-y-4 rounded-lg border border-amber-300 bg-amber-50 p-4" data-testid="drop-room" data-state={state.kind}>
      <h2 id="your-place" className="text-lg font-semibold text-slate-900">
        {view.mode === "queue" ? "Your place" : "Your entry"}
      </h2>
      {/* Spoken once per change of state (not per tick of a countdown). */}
      <p role="status" aria-live="polite" className="font-medium text-slate-900" data-testid="drop-room-status">
        {headline(state)}
      </p>
      {answer && !answer.ok && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-800" data-testid="drop-join-error">
          {answer.message}
        </p>
      )}
      <StateDetail view={view} state={state} now={now} variants={variants} challenge={challenge} bought={bought} />
    </section>
  );
}

/** The one sentence the live region says. */
function headline(state: RoomState): string {
  switch (state.kind) {
    case "announced":
      return "This drop has not opened yet.";
    case "can_join":
      return "You are not in this drop yet.";
    case "closed_to_you":
      return "This drop is closed to new entries.";
    case "waiting_start":
      return "You're in. Places are given at random at the start.";
    case "ordering":
      return "The drop has started: your place is being given now.";
    case "in_line":
      return `You are number ${state.position} in the queue.`;
    case "your_turn":
      return "It's your turn: you can buy now.";
    case "lapsed":
      return "Your time to buy ran out.";
    case "purchased":
      return "You have all you can buy from this drop. Thank you!";
    case "draw":
      return "Your entry in the draw.";
    case "sold_out":
      return "Sold out: everything in this drop has gone.";
  }
}

function StateDetail({
  view,
  state,
  now,
  variants,
  challenge,
  bought,
}: {
  view: DropView;
  state: RoomState;
  now: Date;
  variants: RoomVariant[];
  challenge: string | null;
  bought: number;
}) {
  switch (state.kind) {
    case "announced":
      return <Countdown to={view.opensAt} serverNow={view.now} label="Opens in" />;
    case "can_join":
      return <JoinForm view={view} challenge={challenge} />;
    case "waiting_start":
      return (
        <>
          <p className="text-sm text-slate-700">Stay on this page or come back before the start: your place is kept either way.</p>
          <Countdown to={view.startsAt} serverNow={view.now} label="The drop starts in" />
        </>
      );
    case "in_line":
      return (
        <p className="text-sm text-slate-700" data-testid="drop-wait">
          Estimated wait: {describeWait(secondsUntil(new Date(state.admitAt), now))}. Your turn comes at <ShopDateTime value={state.admitAt} />. This page updates by itself.
        </p>
      );
    case "your_turn":
      return (
        <div className="space-y-4">
          <p className="text-sm text-slate-700">
            Add it to your cart and check out before your time runs out (<ShopDateTime value={state.until} />
            ). Up to {view.unitsPerPerson} per person{bought > 0 ? `; you have ${bought} already` : ""}.
          </p>
          <Countdown to={state.until} serverNow={view.now} label="Time left to buy" />
          {variants
            .filter((v) => v.stock > 0 && v.limitPerCustomer > 0)
            .map((v) => (
              <div key={v.id} role="group" aria-label={`${v.label}, ${formatPence(v.price)}`} className="space-y-2 rounded-lg border border-slate-200 bg-white p-3">
                <p className="text-sm font-semibold text-slate-900">
                  {v.label} · {formatPence(v.price)}
                </p>
                <AddToCartForm variant={{ id: v.id, stock: v.stock, limitPerCustomer: v.limitPerCustomer }} />
              </div>
            ))}
        </div>
      );
    case "lapsed":
      return <p className="text-sm text-slate-700">Places are kept for a set time each so everyone in the queue gets a fair chance.</p>;
    case "draw":
      return <DrawOutcome view={view} />;
    default:
      return null;
  }
}

function JoinForm({ view, challenge }: { view: DropView; challenge: string | null }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const isQueue = view.mode === "queue";
  return (
    <Form method="post" className="space-y-3" data-testid="drop-join-form">
      <p className="text-sm text-slate-700">
        {isQueue
          ? view.phase === "open"
            ? "Join now: everyone in the waiting room at the start gets a place in a random order."
            : "The drop has started: join now to take the next place in the queue."
          : "Enter the free draw before it closes."}
      </p>
      {challenge && <SignInChallenge challenge={challenge} retryAfterMinutes={0} noScriptText={NO_SCRIPT_CHECK} testId="drop-entry-challenge" />}
      <button type="submit" disabled={busy} className="inline-flex min-h-11 items-center rounded-lg bg-slate-900 px-4 py-2 font-semibold text-white hover:bg-slate-700 disabled:opacity-70">
        {busy ? "Joining..." : isQueue ? "Join the waiting room" : "Enter the draw"}
      </button>
    </Form>
  );
}

/**
 * The personal view kept fresh: a clock that ticks each second on the server's time, and a
 * status request when the state is due to change (room-state.ts), never a steady hammering.
 */
function useRoomStatus(initial: DropView, initialSoldOut: boolean, initialBought: number) {
  const [status, setStatus] = useState({ view: initial, soldOut: initialSoldOut, bought: initialBought });
  const [offset] = useState(() => new Date(initial.now).getTime() - Date.now());
  const [now, setNow] = useState(() => new Date(initial.now));
  // A new loader answer (after joining) replaces what the page had.
  const [seen, setSeen] = useState(initial);
  if (seen !== initial) {
    setSeen(initial);
    setStatus({ view: initial, soldOut: initialSoldOut, bought: initialBought });
  }
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date(Date.now() + offset)), 1000);
    return () => clearInterval(timer);
  }, [offset]);
  // Status answers that failed in a row, and the server's Retry-After: the next ask waits longer.
  const [failed, setFailed] = useState({ count: 0, retryAfterSeconds: 0 });
  const state = roomState(status.view, status.soldOut, now, status.bought);
  const key = roomStateKey(state);
  useEffect(() => {
    let cancelled = false;
    const current = new Date(Date.now() + offset);
    const delay = Math.max(
      roomCheckDelayMs(status.view, roomState(status.view, status.soldOut, current, status.bought), current),
      retryDelayMs(failed.count, failed.retryAfterSeconds),
    );
    const fail = (retryAfterSeconds = 0) => setFailed((f) => ({ count: f.count + 1, retryAfterSeconds }));
    const timer = setTimeout(async () => {
      try {
        const response = await fetch(`/drops/${status.view.dropId}/status`, { headers: { Accept: "application/json" } });
        if (cancelled) return;
        if (!response.ok) {
          // A 4xx is for good (a 404: the drop was called off or hidden): stop. A 5xx (a 503
          // while the database restarts), a 408 or a 429 asks again, later each time.
          if (response.status >= 500 || response.status === 408 || response.status === 429) fail(Number(response.headers.get("Retry-After")) || 0);
          return;
        }
        const next = (await response.json()) as { view: DropView; soldOut: boolean; bought: number };
        if (cancelled) return;
        setFailed((f) => (f.count === 0 ? f : { count: 0, retryAfterSeconds: 0 }));
        setStatus(next);
      } catch {
        // Offline for a moment: ask again, later each time.
        if (!cancelled) fail();
      }
    }, delay);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
    // Asked again when the state changes, an answer arrives (a new status object) or one failed.
  }, [key, status, offset, failed]);
  return { view: status.view, soldOut: status.soldOut, bought: status.bought, now };
}
