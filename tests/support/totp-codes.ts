import { Secret, TOTP } from 'otpauth';

/** For tests: the code an authenticator app shows for this base32 secret at this time. */
export function totpCodeAt(secret: string, at: Date = new Date()): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: at.getTime(),
  });
}
