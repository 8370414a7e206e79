import 'server-only';
import { cookies } from 'next/headers';
import { database } from '@/lib/database';
import { recordLockOut } from '@/lib/log/security-events';
import { DEVICE_COOKIE, DEVICE_MAX_AGE_SECONDS, deviceFor, newDeviceCookie } from './device-cookie';
import { sessionCookieOptions } from './index';
import { beginAttempt, settleAttempt, WINDOW_MS, type Factor } from './throttle';

/**
 * Runs one guess (a password, a code) inside its budget: the browser's device cookie for this
 * account, when genuine, picks the budget; the attempt is recorded before `guess` runs and
 * settled after, as a success only when `succeeded` says so. Null when the budget is spent: the
 * guess is never tested.
 */
export async function guardedAttempt<T>(
  key: { email: string; ip: string },
  factor: Factor,
  guess: () => Promise<T>,
  succeeded: (outcome: T) => boolean,
): Promise<{ outcome: T } | null> {
  const db = await database();
  const device = deviceFor((await cookies()).get(DEVICE_COOKIE)?.value, key.email);
  const attempt = await beginAttempt(db, { ...key, device }, factor);
  if (attempt === null) {
    await recordLockOut(db, {
      email: key.email,
      ip: key.ip,
      factor,
      knownDevice: Boolean(device),
      windowMs: WINDOW_MS,
    });
    return null;
  }
  const outcome = await guess();
  await settleAttempt(db, attempt, succeeded(outcome));
  return { outcome };
}

/** A completed sign-in: the browser becomes a known device of this account (a new cookie each time). */
export async function rememberDevice(email: string): Promise<void> {
  (await cookies()).set(DEVICE_COOKIE, newDeviceCookie(email), sessionCookieOptions(DEVICE_MAX_AGE_SECONDS));
}
