import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False on the server and during hydration, true once the browser has taken over: for markup
 * that differs with JavaScript (e.g. turning the browser's own validation off) without a
 * hydration mismatch or a setState-in-effect re-render.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
