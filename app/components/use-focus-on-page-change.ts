import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * After a client-side move to another page, focus goes to the new page's main heading (or to
 * <main>), the way a full page load starts a keyboard user afresh and a screen reader reads the
 * new page's name. Without it, focus stays on the link or button that was pressed (or drops to
 * <body>), somewhere in the old page's tab order. A change of query string only (an account tab,
 * the open application, a filter) keeps focus where it is, and so does a control on the new page
 * that took focus itself.
 */
export function useFocusOnPageChange() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const main = document.getElementById("main");
    if (!main || main.contains(document.activeElement)) return;
    const target = main.querySelector<HTMLElement>("h1") ?? main;
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: true });
  }, [pathname]);
}
