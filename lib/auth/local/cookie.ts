/** The local session cookie: an opaque token, unreadable by scripts, sent on same-site navigations. */
export const SESSION_COOKIE = 'wc_session';

/** `secure`: whether the site is served over https (lib/auth/settings.ts decides it). */
export function sessionCookieOptions(maxAgeSeconds: number, { secure }: { secure: boolean }) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure,
    path: '/',
    maxAge: maxAgeSeconds,
  };
}
