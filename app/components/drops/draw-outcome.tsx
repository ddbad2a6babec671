import type { ReactNode } from "react";
import { Link } from "react-router";
import { SHOP_TIME_ZONE } from "~/config/constants";
import type { DropView } from "~/modules/drops/drop-view";
import { Countdown } from "./countdown";

const when = new Intl.DateTimeFormat("en-GB", { timeZone: SHOP_TIME_ZONE, weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });

function At({ iso }: { iso: string }) {
  return <time dateTime={iso}>{when.format(new Date(iso))}</time>;
}

/**
 * What the drop's page says to an entrant of a draw about their entry: in the draw, won (with the
 * time left to buy; the page puts its add-to-cart form below while the right is open), not
 * drawn, place passed on, bought; and where to check how the draw was made. A status region,
 * so a change after a reload is read out once; the countdown itself is a timer, not announced.
 */
export function DrawOutcome({ view }: { view: DropView }) {
  if (view.mode !== "draw" || !view.entry) return null;
  const { entry } = view;
  const verify = (
    <p className="mt-2 text-sm">
      {entry.id !== undefined && <>Your entry id is {entry.id}. </>}
      <Link to={`/drops/${view.dropId}/draw`} className="text-amber-800 underline">
        How the draw is made, and how to check it
      </Link>
    </p>
  );
  const box = (tone: string, state: string, children: ReactNode) => (
    <section aria-labelledby="draw-outcome-title" className={`rounded-lg border px-4 py-3 ${tone}`} data-testid="draw-outcome" data-state={state}>
      <div role="status">{children}</div>
      {verify}
    </section>
  );
  const title = (text: string) => (
    <h2 id="draw-outcome-title" className="text-lg font-semibold text-slate-900">
      {text}
    </h2>
  );

  switch (entry.state) {
    case "entered":
      return box(
        "border-slate-200 bg-slate-50",
        "entered",
        <>
          {title("You're in the draw")}
          <p className="text-slate-700">
            The draw is made at <At iso={view.startsAt} />. Entry is free; we'll email you the result.
          </p>
        </>,
      );
    case "won": {
      const open = entry.rightUntil && new Date(entry.rightUntil) > new Date(view.now);
      return box(
        "border-green-300 bg-green-50",
        "won",
        <>
          {title(open ? "You won a place" : "Your time to buy has ended")}
          {open && entry.rightUntil ? (
            <>
              <p className="text-slate-700">
                Buy by <At iso={entry.rightUntil} />. Time left:
              </p>
              <Countdown to={entry.rightUntil} serverNow={view.now} label="Time left to buy" />
              <p className="text-slate-700">Add it to your cart below and check out before the time runs out; after that your place passes to the next person drawn.</p>
            </>
          ) : (
            <p className="text-slate-700">If you started a checkout in time, you can still pay for it until its reservation ends.</p>
          )}
        </>,
      );
    }
    case "lost":
      return box(
        "border-slate-200 bg-slate-50",
        "lost",
        <>
          {title("Not drawn this time")}
          <p className="text-slate-700">If a winner does not buy in time and a place passes to you, we'll email you.</p>
        </>,
      );
    case "lapsed":
      return box(
        "border-slate-200 bg-slate-50",
        "lapsed",
        <>
          {title("Your time to buy has ended")}
          <p className="text-slate-700">The place was not bought in time, so it passed to the next person drawn.</p>
        </>,
      );
    case "purchased":
      return box(
        "border-green-300 bg-green-50",
        "purchased",
        <>
          {title("You bought it")}
          <p className="text-slate-700">
            Thank you: your order is in <Link to="/account" className="text-amber-800 underline">your account</Link>.
          </p>
        </>,
      );
    default:
      return null;
  }
}
