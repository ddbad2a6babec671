/**
 * Node's source maps in the server process. tsx turns them on for the whole process, and then
 * every `error.stack` is mapped: the first one parses the source maps of the packages on the
 * stack. stripe-node reads a stack on every API call, so the first Stripe checkout after a start
 * stalled the whole process for ~300 ms (bench/drop-sim, queue mode; decision 0058). The server
 * bundle has no maps of its own, so production stacks lose little by going without.
 */

/** Keep them on in development, or when the operator asked for them with `--enable-source-maps`. */
export function keepSourceMaps(dev: boolean, execArgv: readonly string[], nodeOptions: string | undefined): boolean {
  return dev || [...execArgv, ...(nodeOptions ?? "").split(/\s+/)].includes("--enable-source-maps");
}
