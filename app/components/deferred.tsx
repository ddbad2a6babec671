import { lazy, memo, Suspense, type ComponentType } from "react";

/**
 * A component whose JavaScript stays out of the page's first load
 * (docs/decisions/0051-first-load-budget.md): for what is below the fold, on some pages only, or
 * not interactive at all.
 *
 * The server renders it in full, so the page's HTML is the same as with a plain import and reads
 * and works without JavaScript as before. In the browser its code is fetched when React first
 * renders it — during hydration for a part the page shows, never for one it does not — and until
 * the code arrives React keeps the server's HTML as it is (a Suspense boundary not yet hydrated):
 * its links and forms work as plain HTML meanwhile. After a client-side move to a page that shows
 * it, nothing is shown in its place until its code has arrived.
 *
 * `load` must be `() => import("…").then((m) => m.Component)`, so that the bundler makes the
 * module a chunk of its own. Memoised: a parent's re-render with the same props does not make
 * React hydrate the part before its code is there.
 */
export function deferred<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const start = () =>
    (loading ??= load().then(
      (component) => {
        loaded = component;
        return { default: component };
      },
      (error: unknown) => {
        // A chunk that does not load (offline, or a deploy replaced it): the server's HTML stays,
        // working as without JavaScript, rather than the page turning into an error page.
        console.error(error);
        return new Promise<never>(() => {});
      },
    ));
  // The server loads it at start-up, long before the first request: a page never waits for it.
  if (import.meta.env.SSR) void start();
  const Lazy = lazy(start);
  function Deferred(props: P) {
    // The server renders the loaded component itself (the same HTML as Lazy would give, without
    // suspending); the browser always goes through Lazy, so the element type never changes.
    const Component = import.meta.env.SSR && loaded ? loaded : Lazy;
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  }
  return memo(Deferred) as unknown as ComponentType<P>;
}
