/**
 * How long to wait, in words, for a refusal's message: whole minutes, rounded up and at least
 * one ("1 minute", "15 minutes"), matching the Retry-After header sent with it.
 */
export function minutesToWait(retryAfterSeconds: number): number {
  return Math.max(1, Math.ceil(retryAfterSeconds / 60));
}

export function waitPhrase(retryAfterSeconds: number): string {
  const minutes = minutesToWait(retryAfterSeconds);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}
