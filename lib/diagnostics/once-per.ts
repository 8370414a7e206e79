/**
 * At most one real run of `run` per `intervalMs` (a token bucket of one token, refilled each
 * interval), per server instance: callers in between share the run in flight or get its result.
 * In-process on purpose: it protects this instance's database connections from its own
 * callers, which is all a per-instance limit has to do, and it needs no shared store that could
 * itself be down while the health check is asked why. Callers are never refused, so an uptime
 * monitor polling every few seconds still sees a fresh answer.
 */
export function oncePer<T>(intervalMs: number, run: () => Promise<T>, now: () => number = Date.now): () => Promise<T> {
  let last: { at: number; result: Promise<T> } | undefined;
  let inFlight: Promise<T> | undefined;
  return () => {
    if (inFlight) return inFlight;
    if (last && now() - last.at < intervalMs) return last.result;
    const at = now();
    const result = run();
    inFlight = result;
    const settle = () => {
      inFlight = undefined;
      last = { at, result };
    };
    result.then(settle, settle);
    return result;
  };
}
