/**
 * One run at a time per key in this process, for the senders that drain a queue in the
 * background (lib/mail/outbox.ts, lib/newsletter/sending.ts): while a run is pending, every call
 * for the same key gets that run's promise instead of starting another. The runs are held on
 * globalThis under `Symbol.for(name)`, so every copy of a module in Next's bundles shares them.
 */
export function singleFlight<T>(name: string, key: object, start: () => Promise<T>): Promise<T> {
  const runs = registry(name);
  const pending = runs.get(key);
  if (pending) return pending as Promise<T>;
  const run = start().finally(() => {
    if (runs.get(key) === run) runs.delete(key);
  });
  runs.set(key, run);
  return run;
}

/** Whether a run for `key` is pending under `name`. */
export function inFlight(name: string, key: object): boolean {
  return registry(name).has(key);
}

function registry(name: string): WeakMap<object, Promise<unknown>> {
  const holder = globalThis as { [key: symbol]: WeakMap<object, Promise<unknown>> | undefined };
  return (holder[Symbol.for(name)] ??= new WeakMap());
}
