import { useEffect, useState, useSyncExternalStore } from "react";
import { CONFETTI_DURATION_MS, CONFETTI_INTERVAL_MS } from "~/config/constants";

export type ConfettiState = "idle" | "running" | "done" | "reduced-motion";

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

function subscribeToReducedMotion(onChange: () => void): () => void {
  const query = window.matchMedia?.(REDUCED_MOTION);
  query?.addEventListener("change", onChange);
  return () => query?.removeEventListener("change", onChange);
}

/** The reader's "reduce motion" setting (false on the server). */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeToReducedMotion,
    () => window.matchMedia?.(REDUCED_MOTION).matches ?? false,
    () => false,
  );
}

/** Confetti for CONFETTI_DURATION_MS, a burst every CONFETTI_INTERVAL_MS; none for reduced motion. */
export function useConfetti(active: boolean): ConfettiState {
  const reducedMotion = usePrefersReducedMotion();
  const [state, setState] = useState<ConfettiState>("idle");
  useEffect(() => {
    if (!active || reducedMotion) return;
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    let reset: (() => void) | undefined;
    void import("canvas-confetti").then(({ default: confetti }) => {
      if (stopped) return;
      reset = confetti.reset;
      const end = Date.now() + CONFETTI_DURATION_MS;
      setState("running");
      const burst = () => {
        if (Date.now() >= end) {
          clearInterval(timer);
          setState("done");
          return;
        }
        const spread = { particleCount: 30, spread: 70, startVelocity: 35, ticks: 120, zIndex: 60, disableForReducedMotion: true };
        void confetti({ ...spread, origin: { x: 0.1 + Math.random() * 0.3, y: Math.random() * 0.3 + 0.1 } });
        void confetti({ ...spread, origin: { x: 0.6 + Math.random() * 0.3, y: Math.random() * 0.3 + 0.1 } });
      };
      burst();
      timer = setInterval(burst, CONFETTI_INTERVAL_MS);
    });
    return () => {
      stopped = true;
      clearInterval(timer);
      reset?.();
    };
  }, [active, reducedMotion]);
  return active && reducedMotion ? "reduced-motion" : state;
}
