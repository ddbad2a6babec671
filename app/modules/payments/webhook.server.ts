import { loggableMessage, processLog, type LogSource } from "~/utils/log.server";
import type { PaymentEventDispatch } from "./events.server";
import { WebhookSignatureError, type PaymentProvider } from "./provider";

export interface WebhookResponse {
  status: number;
  body: Record<string, unknown>;
}

/**
 * A provider webhook delivery: verify the signature on the raw body (400 and nothing changes
 * when it is wrong), then record and process the event by id (a replay answers 200 and
 * changes nothing). A processing failure (or the provider not answering when asked for what
 * the event leaves out, `expandEvent`) answers 500 so the provider retries later.
 * `dispatch` is the shop's event dispatch (handlers wired in app/web/payments.server.ts).
 */
export async function handlePaymentWebhook(
  provider: PaymentProvider,
  dispatch: PaymentEventDispatch,
  rawBody: string,
  signature: string | null,
  log: LogSource = processLog,
): Promise<WebhookResponse> {
  let event;
  try {
    event = provider.parseWebhook(rawBody, signature);
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      log().warn({ reason: loggableMessage(error) }, "payments: webhook refused (signature)");
      return { status: 400, body: { error: "Invalid signature" } };
    }
    log().warn({ reason: loggableMessage(error) }, "payments: webhook refused (unreadable body)");
    return { status: 400, body: { error: "Invalid payload" } };
  }
  try {
    // Verified first; only then may the provider be asked for what the event leaves out.
    if (provider.expandEvent) event = await provider.expandEvent(event);
    const outcome = await dispatch(event);
    return { status: 200, body: { received: true, outcome } };
  } catch {
    return { status: 500, body: { error: "Event processing failed; it will be retried" } };
  }
}
