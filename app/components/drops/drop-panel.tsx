import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { ShopDateTime } from "~/components/ui/format-date";
import type { DropView } from "~/modules/drops/drop-view";
import { Countdown } from "./countdown";

/**
 * A drop product's panel on its (public, cacheable) product page, in place of Add to Cart: the
 * countdown and the way in. Where a visitor stands (place, wait, their time to buy) is personal,
 * so it lives on the drop's own page, `/drops/:id`, never in the product page.
 */
export function DropPanel({ drop: initial }: { drop: DropView }) {
  // The page may be a cached copy: when a countdown reaches zero the panel moves on by itself.
  const [phase, setPhase] = useState(initial.phase);
  const [serverNow, setServerNow] = useState(initial.now);
  const [seen, setSeen] = useState(initial);
  if (seen !== initial) {
    setSeen(initial);
    setPhase(initial.phase);
    setServerNow(initial.now);
  }
  // A cached copy's clock is as old as the copy: while counting down, ask the server's time once.
  const counting = initial.phase === "announced" || initial.phase === "open";
  useEffect(() => {
    if (!counting) return;
    let live = true;
    fetch(`/drops/${initial.dropId}/status`, { headers: { Accept: "application/json" } })
      .then((response) => (response.ok ? (response.json() as Promise<{ view: DropView }>) : null))
      .then((status) => {
        if (!live || !status) return;
        setPhase(status.view.phase);
        setServerNow(status.view.now);
      })
      .catch(() => {
        // The page's own clock is the fallback.
      });
    return () => {
      live = false;
    };
  }, [counting, initial.dropId]);
  const drop = { ...initial, phase, now: serverNow };
  const room = `/drops/${drop.dropId}`;
  const isQueue = drop.mode === "queue";
  const opened = useCallback(() => setPhase((p) => (p === "announced" ? "open" : p)), []);
  const started = useCallback(() => setPhase((p) => (p === "open" ? (initial.mode === "queue" ? "live" : "closed") : p)), [initial.mode]);
  return (
    <section aria-labelledby="drop-heading" data-testid="drop-panel" className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h2 id="drop-heading" className="text-lg font-semibold text-slate-900">
        {isQueue ? "Timed drop: waiting room" : "Timed drop: free prize draw"}
      </h2>
      {drop.phase === "announced" && (
        <>
          <p className="text-sm text-slate-700">
            {isQueue ? "The waiting room opens" : "Entry opens"} <ShopDateTime value={drop.opensAt} />.
          </p>
          <Countdown key={drop.now} to={drop.opensAt} serverNow={drop.now} label={isQueue ? "Waiting room opens in" : "Entry opens in"} onZero={opened} />
        </>
      )}
      {drop.phase === "open" && (
        <>
          <p className="text-sm text-slate-700">
            {isQueue
              ? "The waiting room is open. Everyone in it when the drop starts gets a place in a random order, so there is no need to rush; after that, places go first come, first served."
              : "Entry is free and open until the draw. Winners are drawn at random and each gets a time to buy."}{" "}
            {isQueue ? "The drop starts" : "Entry closes"} <ShopDateTime value={drop.startsAt} />.
          </p>
          <Countdown key={drop.now} to={drop.startsAt} serverNow={drop.now} label={isQueue ? "The drop starts in" : "Entry closes in"} onZero={started} />
        </>
      )}
      {drop.phase === "live" && <p className="text-sm text-slate-700">The drop has started: buyers are let in from the waiting room in turn.</p>}
      {drop.phase === "closed" && (
        <p className="text-sm text-slate-700">{drop.drawn ? "The draw has been made: everyone who entered has been emailed." : "Entry has closed; the draw is about to be made."}</p>
      )}
      <p className="text-sm text-slate-700">Limited to {drop.unitsPerPerson} per person, counting every account with the same email, delivery address or card.</p>
      {drop.phase !== "announced" && (
        <Link to={room} data-testid="drop-room-link" className="inline-block rounded-lg bg-slate-900 px-4 py-2 font-semibold text-white hover:bg-slate-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2">
          {isQueue ? (drop.phase === "open" ? "Join the waiting room" : "Go to the waiting room") : drop.phase === "open" ? "Enter the draw" : "See your result"}
        </Link>
      )}
    </section>
  );
}
