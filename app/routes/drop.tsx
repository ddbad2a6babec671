import { data, isRouteErrorResponse, Link, redirect } from "react-router";
import { DropRoom } from "~/components/drops/drop-room";
import { CHALLENGE_FIELD, dropEntryChallenges } from "~/modules/accounts/challenge.server";
import { formFields } from "~/modules/accounts/schemas";
import { roomCheckDelayMs, roomState } from "~/modules/drops/room-state";
import { dropRoomFor, enterDrop } from "~/modules/drops/room.server";
import { getCurrentUser, requireUser } from "~/web/auth.server";
import { clientIp } from "~/web/client-ip.server";
import { dropPollRefusal } from "~/web/status-poll-limit.server";
import { parseDbId } from "~/utils/db-id";
import { pageMeta } from "~/utils/seo";
import { privatePageHeaders } from "~/web/retry-after";
import type { Route } from "./+types/drop";

/**
 * /drops/:id — a drop's own page: the waiting room (queue) or the draw entry (decision 0047).
 * Personal (where this account stands), so never cached; the product page stays the public,
 * cacheable one. Joining posts here with the proof-of-work solution.
 */
function dropId(raw: string | undefined): number {
  const id = parseDbId(raw);
  if (id === null) throw data("Drop not found", { status: 404 });
  return id;
}

// Personal, and a refused join (429) says when to come back.
export const headers: Route.HeadersFunction = privatePageHeaders;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = dropId(params.id);
  const user = await getCurrentUser(request, context);
  // The page (and its data request) counts with the status polls: it says the same, and more.
  const limited = await dropPollRefusal(request, user?.id ?? null);
  if (limited) throw data("Too many requests", { status: 429, headers: { "Retry-After": String(limited.retryAfterSeconds) } });
  const now = new Date();
  const room = await dropRoomFor(context.db, id, user?.id ?? null, now);
  if (!room) throw data("Drop not found", { status: 404 });
  if ("calledOff" in room) return { calledOff: room.calledOff, room: null, signedIn: Boolean(user), challenge: null, refreshSeconds: null };
  const state = roomState(room.view, room.soldOut, now, room.bought);
  // Only someone who can join now is given a check to solve, made for this account and this drop.
  const challenge =
    user && state.kind === "can_join" ? JSON.stringify(await dropEntryChallenges(context.db, context.env.ALTCHA_HMAC_KEY).issue({ dropId: id, userId: user.id })) : null;
  // Without JavaScript the page reloads itself at the same pace the script would ask.
  const refreshSeconds = user && state.kind !== "can_join" ? Math.ceil(roomCheckDelayMs(room.view, state, now) / 1000) : null;
  return { calledOff: null, room, signedIn: Boolean(user), challenge, refreshSeconds };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const id = dropId(params.id);
  const user = await requireUser(request, context);
  const body = await request.formData().catch(() => null);
  const fields = formFields(body ?? new FormData(), [CHALLENGE_FIELD]);
  const result = await enterDrop(context.db, {
    dropId: id,
    userId: user.id,
    clientAddress: clientIp(request),
    challengePayload: fields[CHALLENGE_FIELD] || null,
    challenges: dropEntryChallenges(context.db, context.env.ALTCHA_HMAC_KEY),
  });
  if (!result.ok && result.status === 404) throw data("Drop not found", { status: 404 });
  if (!result.ok) {
    const headers: HeadersInit = result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : {};
    return data({ ok: false, message: result.message }, { status: result.status, headers });
  }
  // Post/Redirect/Get: a reload does not post again.
  return redirect(`/drops/${id}`);
}

export const meta: Route.MetaFunction = (args) => {
  const name = args.loaderData?.room?.product.name ?? args.loaderData?.calledOff?.name;
  return pageMeta(args, {
    title: name ? `${name}: timed drop` : "Drop not found",
    description: name ? `The timed drop of ${name}: how to take part, and where you stand.` : "This drop does not exist.",
    noindex: true,
  });
};

export default function DropRoute({ loaderData, actionData, params }: Route.ComponentProps) {
  const { room, calledOff, signedIn, challenge, refreshSeconds } = loaderData;
  if (calledOff) {
    return (
      <div className="mx-auto max-w-2xl space-y-4 px-4 py-8">
        <h1 className="text-2xl font-bold text-slate-900">{calledOff.name}</h1>
        <p className="text-slate-700">This drop has been called off: the product is sold as usual.</p>
        <Link to={`/products/${calledOff.slug}`} className="font-semibold text-amber-800 underline">
          Go to {calledOff.name}
        </Link>
      </div>
    );
  }
  if (!room) return null;
  const back = encodeURIComponent(`/drops/${params.id}`);
  return (
    <>
      {refreshSeconds !== null && (
        <noscript>
          <meta httpEquiv="refresh" content={String(refreshSeconds)} />
        </noscript>
      )}
      <DropRoom
        view={room.view}
        soldOut={room.soldOut}
        bought={room.bought}
        product={room.product}
        variants={room.variants}
        signedIn={signedIn}
        challenge={challenge}
        answer={actionData ?? null}
        loginHref={`/login?redirectTo=${back}`}
        registerHref={`/register?redirectTo=${back}`}
      />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="mx-auto max-w-2xl space-y-4 px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900">{notFound ? "Drop not found" : "Sorry, something went wrong"}</h1>
      <p className="text-slate-700">{notFound ? "There is no such drop, or it has ended." : "The drop page could not be loaded. Please try again in a moment."}</p>
      <Link to="/" className="font-semibold text-amber-800 underline">
        Back to the shop
      </Link>
    </div>
  );
}
