import { isRouteErrorResponse, useLocation } from "react-router";
import { StatusPage } from "~/components/status-page";
import { useRootData } from "~/web/shell";

/**
 * What an admin page shows when its loader refuses: "Please log in" (401, with a way to log in
 * and come back) and "no permission" (403) are expected answers, shown in the page.
 */
export function AdminErrorPage({ error, fallback }: { error: unknown; fallback: string }) {
  const location = useLocation();
  const user = useRootData()?.user;
  if (isRouteErrorResponse(error) && (error.status === 401 || error.status === 403)) {
    const message = typeof error.data === "string" ? error.data : "";
    return error.status === 401 ? (
      <StatusPage
        status={401}
        title={message || "Please log in to view this page."}
        action={{ to: `/login?redirectTo=${encodeURIComponent(location.pathname + location.search)}`, label: "Log in" }}
      />
    ) : user && !user.emailVerified ? (
      // Admin pages need a verified email (decision 0011): point the way without saying whether this address is listed.
      <StatusPage
        status={403}
        title={message || "You do not have permission to view this page."}
        message="Admin pages need a verified email address, and yours is not verified yet."
        action={{ to: "/verify-email", label: "Verify my email address" }}
      />
    ) : (
      <StatusPage status={403} title={message || "You do not have permission to view this page."} />
    );
  }
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = isRouteErrorResponse(error) && typeof error.data === "string" && error.data ? error.data : fallback;
  return <StatusPage status={status} title="Something went wrong" message={message} />;
}
