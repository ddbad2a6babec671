import { data } from "react-router";
import { StatusPage } from "~/components/status-page";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/not-found";

/** Catch-all for unknown URLs: a real 404 status, not a soft one. */
export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Page not found", description: "This page does not exist.", noindex: true });

export default function NotFound() {
  return <StatusPage status={404} title="Page not found" message="We couldn't find the page you were looking for." />;
}
