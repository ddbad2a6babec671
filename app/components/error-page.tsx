import { isRouteErrorResponse, useLocation } from "react-router";
import { StatusPage } from "./status-page";

/** Headings for the expected failures a route may throw; anything else is a 500. */
const STATUS_TITLES: Record<number, string> = {
  400: "That request could not be handled",
  401: "Please log in",
  403: "Access denied",
  404: "Page not found",
  409: "Something changed in the meantime",
  410: "This link is no longer valid",
  413: "That was too much to send",
  429: "Too many attempts",
};

/**
 * The root error boundary's page (between the shop's header and footer): an expected 4xx shows its
 * message, anything else a generic one. Stack traces never reach users (they are logged on the
 * server). A 401 offers the way to log in and back.
 */
export function ErrorPage({ error, shopName = "Nearmint" }: { error: unknown; shopName?: string }) {
  const location = useLocation();
  let status = 500;
  let title = "Something went wrong";
  let message = "Sorry, an unexpected error occurred. Please try again in a moment.";
  if (isRouteErrorResponse(error)) {
    status = error.status;
    title = STATUS_TITLES[status] ?? (status < 500 ? "That did not work" : title);
    if (typeof error.data === "string" && error.data) message = error.data;
    else if (status === 404) message = "We couldn't find the page you were looking for.";
    else if (status < 500) message = "Please check what you entered and try again.";
  }
  const action =
    status === 401
      ? { to: `/login?redirectTo=${encodeURIComponent(location.pathname + location.search)}`, label: "Log in" }
      : undefined;
  return (
    <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6 lg:px-8">
      <title>{`${title} | ${shopName}`}</title>
      <StatusPage status={status} title={title} message={message} action={action} />
    </main>
  );
}
