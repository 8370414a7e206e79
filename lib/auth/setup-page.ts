import 'server-only';
import { connection } from 'next/server';
import { database } from '@/lib/database';
import { env } from '@/lib/env';
import { isSetupTokenValid } from './setup-token';

/** Whether /admin/setup shows its form for this token (local auth, valid token, no admin yet). */
export async function firstRunSetupOpen(token: string): Promise<boolean> {
  if (env().authAdapter !== 'local') return false;
  // Per request, never prerendered: the token's expiry is checked against the clock.
  await connection();
  return isSetupTokenValid(await database(), token);
}
