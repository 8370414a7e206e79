import crypto from 'node:crypto';

/**
 * AES-256-GCM for small secrets at rest (TOTP secrets). `context` (the owner's user id) is
 * authenticated with the ciphertext, so a sealed value copied to another row does not open.
 * Format: 'v1.' + iv, tag, ciphertext (base64url), dot-separated.
 */
export function seal(plain: string, key: Buffer, context: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The plain text, or a thrown error when the value was altered, moved or sealed with another key. */
export function open(sealed: string, key: Buffer, context: string): string {
  const [version, iv, tag, ciphertext] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || ciphertext === undefined) throw new Error('Not a sealed value');
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}
