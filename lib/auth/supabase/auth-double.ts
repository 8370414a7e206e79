import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP double of the Supabase Auth (GoTrue) endpoints our adapter calls, for tests:
 * no Supabase runs here. It signs access tokens with ES256 and serves the JWKS (so getClaims()
 * verifies locally, as with a real project's asymmetric keys), or with HS256 (so getClaims()
 * falls back to GET /user, as with a legacy JWT secret).
 *
 *   POST /auth/v1/token?grant_type=password       sign in
 *   POST /auth/v1/token?grant_type=refresh_token  refresh (rotates the refresh token)
 *   GET  /auth/v1/user                            the user of a bearer token
 *   POST /auth/v1/logout                          revokes the user's refresh tokens
 *   GET  /auth/v1/.well-known/jwks.json           public signing keys
 */
export type DoubleUser = { id: string; email: string; password: string };

export type AuthDouble = {
  url: string;
  anonKey: string;
  calls: string[];
  users: DoubleUser[];
  /** Seconds an access token lives; short values make the client refresh on next use. */
  accessTtl: number;
  alg: 'ES256' | 'HS256';
  addUser(email: string, password: string, id?: string): DoubleUser;
  sign(claims: Record<string, unknown>, options?: { alg?: 'ES256' | 'HS256'; key?: crypto.KeyObject; kid?: string }): string;
  close(): Promise<void>;
};

const b64 = (value: object | Buffer) => (Buffer.isBuffer(value) ? value : Buffer.from(JSON.stringify(value))).toString('base64url');

export async function startAuthDouble(): Promise<AuthDouble> {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const kid = crypto.randomUUID();
  const hsSecret = crypto.randomBytes(32);
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid, alg: 'ES256', use: 'sig', key_ops: ['verify'] };
  const refreshTokens = new Map<string, { userId: string; sessionId: string }>();
  const revokedSessions = new Set<string>();

  const double: AuthDouble = {
    url: '',
    anonKey: 'anon-key-for-tests',
    calls: [],
    users: [],
    accessTtl: 3600,
    alg: 'ES256',
    addUser(email, password, id: string = crypto.randomUUID()) {
      const user = { id, email, password };
      double.users.push(user);
      return user;
    },
    sign(claims, options = {}) {
      const alg = options.alg ?? double.alg;
      const header = alg === 'ES256' ? { alg, typ: 'JWT', kid: options.kid ?? kid } : { alg, typ: 'JWT' };
      const input = `${b64(header)}.${b64(claims)}`;
      const signature =
        alg === 'ES256'
          ? crypto.sign('sha256', Buffer.from(input), { key: options.key ?? privateKey, dsaEncoding: 'ieee-p1363' })
          : crypto.createHmac('sha256', hsSecret).update(input).digest();
      return `${input}.${b64(signature)}`;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const userJson = (user: DoubleUser) => ({
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email,
    email_confirmed_at: '2026-01-01T00:00:00Z',
    phone: '',
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: {},
    identities: [],
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    is_anonymous: false,
  });

  const issue = (user: DoubleUser, sessionId: string = crypto.randomUUID()) => {
    const now = Math.floor(Date.now() / 1000);
    const expiresAt = now + double.accessTtl;
    const refreshToken = crypto.randomBytes(16).toString('hex');
    refreshTokens.set(refreshToken, { userId: user.id, sessionId });
    const accessToken = double.sign({ aud: 'authenticated', exp: expiresAt, iat: now, iss: `${double.url}/auth/v1`, sub: user.id, email: user.email, role: 'authenticated', aal: 'aal1', session_id: sessionId, is_anonymous: false });
    return { access_token: accessToken, token_type: 'bearer', expires_in: double.accessTtl, expires_at: expiresAt, refresh_token: refreshToken, user: userJson(user) };
  };

  // Verifies a bearer token as GoTrue would: signature, expiry, and a session not logged out.
  const bearerUser = (header: string | undefined): DoubleUser | null => {
    const token = header?.replace(/^Bearer /, '') ?? '';
    const [h, p, s] = token.split('.');
    if (!h || !p || !s) return null;
    const head = JSON.parse(Buffer.from(h, 'base64url').toString()) as { alg: string };
    const input = Buffer.from(`${h}.${p}`);
    const signature = Buffer.from(s, 'base64url');
    const valid =
      head.alg === 'ES256'
        ? crypto.verify('sha256', input, { key: publicKey, dsaEncoding: 'ieee-p1363' }, signature)
        : head.alg === 'HS256' && crypto.timingSafeEqual(crypto.createHmac('sha256', hsSecret).update(input).digest(), signature.length === 32 ? signature : Buffer.alloc(32));
    if (!valid) return null;
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as { sub: string; exp: number; session_id: string };
    if (claims.exp * 1000 < Date.now() || revokedSessions.has(claims.session_id)) return null;
    return double.users.find((u) => u.id === claims.sub) ?? null;
  };

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://double');
    const route = `${req.method} ${url.pathname}${url.searchParams.has('grant_type') ? `?grant_type=${url.searchParams.get('grant_type')}` : ''}`;
    double.calls.push(route);
    let body = '';
    for await (const chunk of req) body += chunk;
    const json = (status: number, payload?: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(payload === undefined ? undefined : JSON.stringify(payload));
    };
    const fail = (status: number, code: string, msg: string) => json(status, { code: status, error_code: code, msg });
    if (req.headers.apikey !== double.anonKey) return fail(401, 'no_api_key', 'No API key found in request');

    if (route === 'POST /auth/v1/token?grant_type=password') {
      const { email, password } = JSON.parse(body || '{}') as { email?: string; password?: string };
      const user = double.users.find((u) => u.email === email?.toLowerCase() && u.password === password);
      return user ? json(200, issue(user)) : fail(400, 'invalid_credentials', 'Invalid login credentials');
    }
    if (route === 'POST /auth/v1/token?grant_type=refresh_token') {
      const { refresh_token: token } = JSON.parse(body || '{}') as { refresh_token?: string };
      const known = token ? refreshTokens.get(token) : undefined;
      const user = known && !revokedSessions.has(known.sessionId) ? double.users.find((u) => u.id === known.userId) : undefined;
      if (!known || !user) return fail(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
      refreshTokens.delete(token!);
      return json(200, issue(user, known.sessionId));
    }
    if (route === 'GET /auth/v1/user') {
      const user = bearerUser(req.headers.authorization);
      return user ? json(200, userJson(user)) : fail(403, 'bad_jwt', 'invalid JWT: unable to parse or verify signature');
    }
    if (route === 'POST /auth/v1/logout') {
      const user = bearerUser(req.headers.authorization);
      if (!user) return fail(403, 'bad_jwt', 'invalid JWT');
      for (const [token, entry] of refreshTokens) {
        if (entry.userId === user.id) {
          revokedSessions.add(entry.sessionId);
          refreshTokens.delete(token);
        }
      }
      res.writeHead(204).end();
      return;
    }
    if (route === 'GET /auth/v1/.well-known/jwks.json') return json(200, { keys: [jwk] });
    return fail(404, 'not_found', `The double does not implement ${route}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  double.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return double;
}
