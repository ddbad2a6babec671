import "altcha/altcha.css";
import type {} from "altcha/types/react";
import { useEffect, useState } from "react";
import { SIGN_IN_CHALLENGE_TEXT } from "~/modules/accounts/messages";
import { CHALLENGE_FIELD } from "~/modules/accounts/policy";

/**
 * The ALTCHA widget (decision 0017), loaded only in the browser and only when the server asked
 * for a check: the CSP-friendly build (`altcha/external`, styles from our own CSS, the PBKDF2
 * worker as its own file, no inline scripts or blob workers). The algorithm must be registered
 * before a widget starts, so the element is rendered once loading has finished.
 */
let widgetLoading: Promise<void> | null = null;
function loadWidget(): Promise<void> {
  widgetLoading ??= (async () => {
    const [{ default: Pbkdf2Worker }] = await Promise.all([import("altcha/workers/pbkdf2?worker"), import("altcha/external")]);
    globalThis.$altcha.algorithms.set("PBKDF2/SHA-256", () => new Pbkdf2Worker());
  })();
  return widgetLoading;
}

/**
 * The check inside the sign-in form: it solves the server's challenge by itself (auto="onload")
 * and puts the solution in the hidden `altcha` field the form posts. Without JavaScript nothing
 * can solve it, and the page says so (with the wait that works instead).
 */
export function SignInChallenge({
  challenge,
  retryAfterMinutes,
  note,
  noScriptText,
  testId = "sign-in-challenge",
}: {
  challenge: string;
  retryAfterMinutes: number;
  note?: string;
  /** What to say without JavaScript, where the sign-in's "or wait N minutes" does not apply (a drop's entry check). */
  noScriptText?: string;
  testId?: string;
}) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    loadWidget().then(
      () => live && setReady(true),
      (error: unknown) => console.error("[sign-in] the check could not be loaded", error),
    );
    return () => {
      live = false;
    };
  }, []);
  return (
    // The widget's footer is faded by its own (unlayered) CSS, which beats Tailwind's layered
    // utilities unless marked important: at full strength it meets WCAG contrast.
    <div className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-slate-700 [&_.altcha-footer]:opacity-100!" data-testid={testId}>
      {note && <p className="mb-2">{note}</p>}
      {ready && (
        // A new challenge (after a refused attempt) gets a new widget, not a re-used solved one.
        <div key={challenge}>
          <altcha-widget challenge={challenge} auto="onload" name={CHALLENGE_FIELD} language="en" />
        </div>
      )}
      <noscript>
        <p className="font-medium text-amber-900">{noScriptText ?? SIGN_IN_CHALLENGE_TEXT.noScript(retryAfterMinutes)}</p>
      </noscript>
    </div>
  );
}
