import bcrypt from 'bcryptjs';
import { env } from '@/lib/env';
import { PASSWORD_MAX_BYTES, passwordTooLong } from '@/lib/password-rules';

// bcrypt, the hash Supabase Auth (GoTrue) stores in auth.users.encrypted_password, so a local
// account and a Supabase account keep the same format. The cost (BCRYPT_COST, default 12: about
// 250 ms here) is slow on purpose; the test run lowers it. A hash carries its own cost, so
// verifying works whatever the cost was when it was made.

export function hashPassword(password: string, cost: number = env().BCRYPT_COST): Promise<string> {
  // Never a hash of a password bcrypt would cut short (lib/password-rules.ts).
  if (passwordTooLong(password))
    return Promise.reject(new Error(`A password may be at most ${PASSWORD_MAX_BYTES} bytes: bcrypt ignores the rest.`));
  return bcrypt.hash(password, cost);
}

/**
 * A well-formed hash of nothing anyone knows, at this cost: unknown accounts are compared
 * against it, so a sign-in takes as long whether or not the account exists. Built from a fixed
 * salt and digest rather than hashed, so the first unknown account costs no extra hash.
 */
export function dummyHash(cost: number): string {
  return `$2b$${String(cost).padStart(2, '0')}$C6UzMDM.H6dfI/f/IKxGhuSLjFpxBCPwyUGSVCYL0Tc6Gj6uaMYxy`;
}

export function verifyPassword(
  password: string,
  hash: string | null | undefined,
  cost: number = env().BCRYPT_COST,
): Promise<boolean> {
  return bcrypt.compare(password, hash ?? dummyHash(cost));
}
