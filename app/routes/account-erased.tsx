import { Link } from "react-router";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/account-erased";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Account deleted", description: "Your account has been deleted.", noindex: true });

/** Where erasure lands, signed out: the same page for anyone, so it says nothing about who. */
export default function AccountErased() {
  return (
    <section className="mx-auto max-w-xl py-10 text-center">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Your account has been deleted</h1>
      <p className="mt-4 text-slate-700">
        You have been signed out everywhere, and your name, email and address are gone from our records. Thank you for shopping with us.
      </p>
      <Link to="/" className="mt-6 inline-block rounded-lg bg-amber-500 px-5 py-2.5 font-semibold text-slate-900 hover:bg-amber-400">
        Back to the shop
      </Link>
    </section>
  );
}
