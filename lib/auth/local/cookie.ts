import { env } from '@/lib/env';

/** The local session cookie: an opaque token, unreadable by scripts, sent on same-site navigations. */
export const SESSION_COOKIE = 'wc_session';

export function sessionCookieOptions(maxAgeSeconds: number) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: env().NODE_ENV === 'production' && env().SITE_URL.startsWith('https:'),
    path: '/',
    maxAge: maxAgeSeconds,
  };
}
