/**
 * Node's source maps in the server process. tsx turns them on for the whole process, and then
 * every `error.stack` is mapped: the first one parses the source maps of the packages on the
 * stack (once; later stacks pay a smaller mapping cost each). stripe-node reads a stack on every
 * API call, so the first Stripe checkout after a start stalled that process for ~300 ms
 * (bench/drop-sim, queue mode; decision 0058). The server bundle has no maps of its own, so
 * production stacks lose little by going without.
 */

/**
 * Keep them on in development, or when the operator asked for them with `--enable-source-maps`
 * (in NODE_OPTIONS or on the command line, which Node reads after it; the last of
 * `--enable-source-maps` and `--no-enable-source-maps` wins, as in Node).
 */
export function keepSourceMaps(dev: boolean, execArgv: readonly string[], nodeOptions: string | undefined): boolean {
  if (dev) return true;
  const flags = [...(nodeOptions ?? "").split(/\s+/), ...execArgv].filter((f) => f === "--enable-source-maps" || f === "--no-enable-source-maps");
  return flags.at(-1) === "--enable-source-maps";
}
