import { describe, expect, it } from 'vitest';
import { inFlight, singleFlight } from './single-flight';

/** A run that ends when told to. */
function controlled<T>() {
  let finish!: (value: T) => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<T>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return { promise, finish, fail };
}

describe('singleFlight', () => {
  it('joins calls for one key to the pending run, and starts anew once it is over', async () => {
    const key = {};
    let starts = 0;
    const first = controlled<number>();
    const start = () => {
      starts += 1;
      return starts === 1 ? first.promise : Promise.resolve(starts);
    };
    const a = singleFlight('test.single-flight.join', key, start);
    const b = singleFlight('test.single-flight.join', key, start);
    expect(b).toBe(a);
    expect(starts).toBe(1);
    expect(inFlight('test.single-flight.join', key)).toBe(true);
    first.finish(1);
    await expect(a).resolves.toBe(1);
    expect(inFlight('test.single-flight.join', key)).toBe(false);
    await expect(singleFlight('test.single-flight.join', key, start)).resolves.toBe(2);
  });

  it('runs different keys, and different names, side by side', () => {
    const one = {};
    const two = {};
    const never = () => new Promise<never>(() => {});
    const a = singleFlight('test.single-flight.keys', one, never);
    expect(singleFlight('test.single-flight.keys', two, never)).not.toBe(a);
    expect(singleFlight('test.single-flight.other', one, never)).not.toBe(a);
  });

  it('frees the key after a run that fails, and the caller sees the failure', async () => {
    const key = {};
    const failing = controlled<number>();
    const run = singleFlight('test.single-flight.fail', key, () => failing.promise);
    failing.fail(new Error('refused'));
    await expect(run).rejects.toThrow('refused');
    expect(inFlight('test.single-flight.fail', key)).toBe(false);
    await expect(singleFlight('test.single-flight.fail', key, () => Promise.resolve(7))).resolves.toBe(7);
  });
});
