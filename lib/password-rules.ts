/**
 * bcrypt (lib/users/password.ts) reads only the first 72 bytes of a password: two passwords that
 * share them are the same password to it. Every way of setting one (the setup form, the users
 * command, ADMIN_PASSWORD) refuses a longer one instead of letting the rest be ignored.
 */
export const PASSWORD_MAX_BYTES = 72;

export function passwordBytes(password: string): number {
  return new TextEncoder().encode(password).byteLength;
}

export function passwordTooLong(password: string): boolean {
  return passwordBytes(password) > PASSWORD_MAX_BYTES;
}
