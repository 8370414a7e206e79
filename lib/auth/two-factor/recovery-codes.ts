import crypto from 'node:crypto';

/**
 * Recovery codes: ten per enrolment, each ten characters from an alphabet without look-alikes
 * (about 49 bits), shown once as `xxxxx-xxxxx`. Stored as HMAC-SHA256 under a server-derived
 * key, so the database alone does not let anyone test guesses offline.
 */
export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const LENGTH = 10;

export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const chars = Array.from({ length: LENGTH }, () => ALPHABET[crypto.randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** What a person typed, as stored: case, spaces and hyphens do not matter. Null if it cannot be one. */
export function normaliseRecoveryCode(input: string): string | null {
  const code = input.toLowerCase().replace(/[\s-]+/g, '');
  return code.length === LENGTH && [...code].every((c) => ALPHABET.includes(c)) ? code : null;
}

export function hashRecoveryCode(normalised: string, key: Buffer): string {
  return crypto.createHmac('sha256', key).update(normalised).digest('hex');
}
