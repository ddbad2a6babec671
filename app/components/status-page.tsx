import { Link } from "react-router";

/** A full-page message for not-found and error states, with a way back. */
export function StatusPage({
  status,
  title,
  message,
  action = { to: "/", label: "Back to Home" },
}: {
  status?: number;
  title: string;
  message?: string;
  action?: { to: string; label: string };
}) {
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center py-16 text-center">
      {status && <p className="text-6xl font-black text-amber-700">{status}</p>}
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{title}</h1>
      {message && <p className="mt-3 text-slate-600">{message}</p>}
      <Link
        to={action.to}
        className="mt-8 inline-flex items-center rounded-lg bg-slate-900 px-5 py-2.5 font-semibold text-white hover:bg-slate-700"
      >
        {action.label}
      </Link>
    </section>
  );
}
