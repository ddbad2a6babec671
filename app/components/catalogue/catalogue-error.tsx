import { isRouteErrorResponse } from "react-router";
import { StatusPage } from "~/components/status-page";

/**
 * What a catalogue route shows when its loader throws: its own not-found message for a 404
 * ("Product not found" with Back to Home), a generic message for anything else. The title and
 * robots tags come from the route's meta, which sees the same error.
 */
export function CatalogueError({ error, notFoundTitle }: { error: unknown; notFoundTitle: string }) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <StatusPage status={404} title={notFoundTitle} message="It may have been removed, or the link may be mistyped." />
    );
  }
  return (
    <StatusPage
      status={isRouteErrorResponse(error) ? error.status : 500}
      title="Something went wrong"
      message="Sorry, an unexpected error occurred. Please try again in a moment."
    />
  );
}
