import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { site } from '@/lib/site';

/**
 * TOTP (RFC 6238) through otpauth: SHA-1, 6 digits, 30 seconds, the parameters every
 * authenticator app reads from a QR code. A code is accepted one step either side of now
 * (clock drift); the caller refuses a step already used, so a code works once.
 */
export const TOTP_CODE = /^\d{6}$/;
export const ISSUER = site.siteName;

function totp(secret: string, account: string) {
  return new TOTP({
    issuer: ISSUER,
    label: account,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  });
}

/** A new random secret (160 bits, as RFC 4226 recommends), base32 for people and apps. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function otpauthUri(secret: string, account: string): string {
  return totp(secret, account).toString();
}

/** The QR code of the otpauth URI as an SVG data URL, made on the server. */
export async function qrCodeDataUrl(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** The time step the code belongs to when it is right for this secret now (±1 step), else null. */
export function matchTotp(secret: string, code: string, now = new Date()): number | null {
  const normalised = code.replace(/\s+/g, '');
  if (!TOTP_CODE.test(normalised)) return null;
  const generator = totp(secret, 'check');
  const delta = generator.validate({ token: normalised, timestamp: now.getTime(), window: 1 });
  return delta === null ? null : generator.counter({ timestamp: now.getTime() }) + delta;
}
