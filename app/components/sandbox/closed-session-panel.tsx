import { Link } from "react-router";

const BUTTON = "inline-flex rounded-lg bg-indigo-600 px-5 py-2.5 font-semibold text-white hover:bg-indigo-700";

/**
 * What a hosted sandbox page shows instead of the card form once its session can no longer be
 * paid: why, and one way on (the finished purchase, or back into the shop).
 */
export function ClosedSessionPanel({
  title,
  body,
  alert = false,
  next,
}: {
  title: string;
  body: string;
  /** A refusal the customer must hear at once (role "alert"); otherwise a status. */
  alert?: boolean;
  /** `href`: a full URL outside the router (the success page); `to`: a page of the shop. */
  next: { href: string; label: string } | { to: string; label: string };
}) {
  return (
    <div className="space-y-4 p-6 sm:p-8" role={alert ? "alert" : "status"}>
      <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
      <p className="text-slate-600">{body}</p>
      {"href" in next ? (
        <a href={next.href} className={BUTTON}>
          {next.label}
        </a>
      ) : (
        <Link to={next.to} className={BUTTON}>
          {next.label}
        </Link>
      )}
    </div>
  );
}
