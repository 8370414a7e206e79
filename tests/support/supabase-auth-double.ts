import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Secret, TOTP } from 'otpauth';

/**
 * A local HTTP double of the Supabase Auth (GoTrue) endpoints our adapter calls, for tests:
 * no Supabase runs here. It signs access tokens with ES256 and serves the JWKS (so getClaims()
 * verifies locally, as with a real project's asymmetric keys), or with HS256 (so getClaims()
 * falls back to GET /user, as with a legacy JWT secret).
 *
 *   POST /auth/v1/token?grant_type=password       sign in
 *   POST /auth/v1/token?grant_type=refresh_token  refresh (rotates the refresh token; a used one
 *                                                 again within reuseWindowMs answers the session's
 *                                                 current token, later ends the session)
 *   GET  /auth/v1/user                            the user of a bearer token
 *   POST /auth/v1/logout?scope=global|local|others  revokes the user's sessions, this one, or all but this one
 *   GET  /auth/v1/.well-known/jwks.json           public signing keys
 *   POST   /auth/v1/factors                       MFA: enrol a TOTP factor (unverified)
 *   POST   /auth/v1/factors/{id}/challenge        MFA: a challenge for the factor
 *   POST   /auth/v1/factors/{id}/verify           MFA: a code; the session becomes aal2, the user's aal1 sessions end
 *   DELETE /auth/v1/factors/{id}                  MFA: unenrol (a verified factor needs aal2)
 *   POST   /auth/v1/admin/users                   create a user, as the dashboard's "Add user" does (service role key)
 *   GET    /auth/v1/health                        GoTrue's health answer
 *   GET    /auth/v1/token                         401, as /__debug's API Smoke Test expects of a real project (not read in source)
 * Access tokens carry aal (aal1 after the password, aal2 after a factor) and amr, as GoTrue's do.
 */
export type DoubleFactor = {
  id: string;
  factor_type: 'totp';
  status: 'unverified' | 'verified';
  friendly_name: string;
  secret: string;
  created_at: string;
  updated_at: string;
};
export type DoubleUser = {
  id: string;
  email: string;
  password: string;
  factors: DoubleFactor[];
  /** false: the email was never confirmed (GoTrue refuses the password grant, 400 email_not_confirmed). */
  emailConfirmed?: boolean;
  /** true: banned (GoTrue refuses the password grant, 400 user_banned). */
  banned?: boolean;
};

export type AuthDouble = {
  url: string;
  anonKey: string;
  /** The key the admin endpoints take (apikey and bearer), as a project's service_role key. */
  serviceRoleKey: string;
  calls: string[];
  users: DoubleUser[];
  /** Seconds an access token lives; short values make the client refresh on next use. */
  accessTtl: number;
  /** GoTrue's refresh token reuse interval (Security.RefreshTokenReuseInterval, 10 s by default). */
  reuseWindowMs: number;
  alg: 'ES256' | 'HS256';
  addUser(email: string, password: string, id?: string): DoubleUser;
  /** The next MFA verify answers this refusal instead (GoTrue's other 422s, such as mfa_ip_address_mismatch). */
  nextVerifyRefusal: { status: number; code: string; msg: string } | null;
  sign(
    claims: Record<string, unknown>,
    options?: { alg?: 'ES256' | 'HS256'; key?: crypto.KeyObject; kid?: string },
  ): string;
  close(): Promise<void>;
};

const b64 = (value: object | Buffer) =>
  (Buffer.isBuffer(value) ? value : Buffer.from(JSON.stringify(value))).toString('base64url');

export type AuthDoubleOptions = {
  /**
   * Called when a user is created through the admin endpoint, before it answers: GoTrue writes
   * the user to auth.users in the project's database, whose trigger makes the profile row.
   */
  onUserCreated?: (user: DoubleUser) => Promise<void>;
};

export async function startAuthDouble({ onUserCreated }: AuthDoubleOptions = {}): Promise<AuthDouble> {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const kid = crypto.randomUUID();
  const hsSecret = crypto.randomBytes(32);
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid, alg: 'ES256', use: 'sig', key_ops: ['verify'] };
  // A used refresh token stays, marked with when it was used, for GoTrue's reuse window.
  const refreshTokens = new Map<string, { userId: string; sessionId: string; usedAt?: number }>();
  const currentToken = new Map<string, string>(); // session id -> its live refresh token
  const revokedSessions = new Set<string>();
  const sessionAal = new Map<string, 'aal1' | 'aal2'>();
  const challenges = new Map<string, string>(); // challenge id -> factor id

  const double: AuthDouble = {
    url: '',
    anonKey: 'anon-key-for-tests',
    serviceRoleKey: 'service-role-key-for-tests',
    calls: [],
    users: [],
    accessTtl: 3600,
    reuseWindowMs: 10_000,
    alg: 'ES256',
    nextVerifyRefusal: null,
    addUser(email, password, id: string = crypto.randomUUID()) {
      const user: DoubleUser = { id, email, password, factors: [] };
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
    factors: user.factors.map((f) => ({
      id: f.id,
      factor_type: f.factor_type,
      status: f.status,
      friendly_name: f.friendly_name,
      created_at: f.created_at,
      updated_at: f.updated_at,
    })),
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    is_anonymous: false,
  });

  const issue = (user: DoubleUser, sessionId: string = crypto.randomUUID(), keep?: string) => {
    const now = Math.floor(Date.now() / 1000);
    const expiresAt = now + double.accessTtl;
    const refreshToken = keep ?? crypto.randomBytes(16).toString('hex');
    refreshTokens.set(refreshToken, { userId: user.id, sessionId });
    currentToken.set(sessionId, refreshToken);
    const aal = sessionAal.get(sessionId) ?? 'aal1';
    sessionAal.set(sessionId, aal);
    const amr = [
      { method: 'password', timestamp: now },
      ...(aal === 'aal2' ? [{ method: 'totp', timestamp: now }] : []),
    ];
    const accessToken = double.sign({
      aud: 'authenticated',
      exp: expiresAt,
      iat: now,
      iss: `${double.url}/auth/v1`,
      sub: user.id,
      email: user.email,
      role: 'authenticated',
      aal,
      amr,
      session_id: sessionId,
      is_anonymous: false,
    });
    return {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: double.accessTtl,
      expires_at: expiresAt,
      refresh_token: refreshToken,
      user: userJson(user),
    };
  };

  // Verifies a bearer token as GoTrue would: signature, expiry, and a session not logged out.
  const bearerUser = (header: string | undefined): DoubleUser | null => bearer(header)?.user ?? null;
  const bearer = (header: string | undefined): { user: DoubleUser; sessionId: string } | null => {
    const token = header?.replace(/^Bearer /, '') ?? '';
    const [h, p, s] = token.split('.');
    if (!h || !p || !s) return null;
    const head = JSON.parse(Buffer.from(h, 'base64url').toString()) as { alg: string };
    const input = Buffer.from(`${h}.${p}`);
    const signature = Buffer.from(s, 'base64url');
    const valid =
      head.alg === 'ES256'
        ? crypto.verify('sha256', input, { key: publicKey, dsaEncoding: 'ieee-p1363' }, signature)
        : head.alg === 'HS256' &&
          crypto.timingSafeEqual(
            crypto.createHmac('sha256', hsSecret).update(input).digest(),
            signature.length === 32 ? signature : Buffer.alloc(32),
          );
    if (!valid) return null;
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as {
      sub: string;
      exp: number;
      session_id: string;
    };
    if (claims.exp * 1000 < Date.now() || revokedSessions.has(claims.session_id)) return null;
    const user = double.users.find((u) => u.id === claims.sub);
    return user ? { user, sessionId: claims.session_id } : null;
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
    if (req.headers.apikey !== double.anonKey && req.headers.apikey !== double.serviceRoleKey)
      return fail(401, 'no_api_key', 'No API key found in request');

    if (route === 'GET /auth/v1/health')
      return json(200, {
        version: 'double',
        name: 'GoTrue',
        description: 'GoTrue is a user registration and authentication API',
      });
    if (route === 'GET /auth/v1/token') return fail(401, 'no_authorization', 'This endpoint requires a Bearer token');
    if (route === 'POST /auth/v1/admin/users') {
      // GoTrue's adminUserCreate (internal/api/admin.go): service role only; 422 email_exists
      // for a taken address; 200 with the user.
      if (req.headers.authorization !== `Bearer ${double.serviceRoleKey}`)
        return fail(403, 'not_admin', 'User not allowed');
      const input = JSON.parse(body || '{}') as { email?: string; password?: string; email_confirm?: boolean };
      const email = input.email?.trim().toLowerCase() ?? '';
      if (!email || !input.password)
        return fail(400, 'validation_failed', 'Unable to validate email address: invalid format');
      if (double.users.some((u) => u.email === email))
        return fail(422, 'email_exists', 'A user with this email address has already been registered');
      const user = double.addUser(email, input.password);
      user.emailConfirmed = input.email_confirm === true;
      await onUserCreated?.(user);
      return json(200, userJson(user));
    }

    if (route === 'POST /auth/v1/token?grant_type=password') {
      const { email, password } = JSON.parse(body || '{}') as { email?: string; password?: string };
      // GoTrue's order (internal/api/token.go, ResourceOwnerPasswordGrant): a banned user is
      // refused first, then a wrong password, then an unconfirmed email; all answer 400.
      const account = double.users.find((u) => u.email === email?.toLowerCase());
      if (account?.banned) return fail(400, 'user_banned', 'User is banned');
      const user = account && account.password === password ? account : undefined;
      if (!user) return fail(400, 'invalid_credentials', 'Invalid login credentials');
      if (user.emailConfirmed === false) return fail(400, 'email_not_confirmed', 'Email not confirmed');
      return json(200, issue(user));
    }
    if (route === 'POST /auth/v1/token?grant_type=refresh_token') {
      const { refresh_token: token } = JSON.parse(body || '{}') as { refresh_token?: string };
      const known = token ? refreshTokens.get(token) : undefined;
      const user =
        known && !revokedSessions.has(known.sessionId) ? double.users.find((u) => u.id === known.userId) : undefined;
      if (!known || !user)
        return fail(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
      if (known.usedAt !== undefined) {
        // GoTrue's refresh grant (internal/api/token_refresh.go): a used token again within the
        // reuse interval answers the session's current token (a client that lost the answer of
        // its last refresh, or two requests refreshing at once); after it, the session ends.
        const current = currentToken.get(known.sessionId);
        if (Date.now() - known.usedAt <= double.reuseWindowMs && current)
          return json(200, issue(user, known.sessionId, current));
        revokedSessions.add(known.sessionId);
        for (const [other, entry] of refreshTokens)
          if (entry.sessionId === known.sessionId) refreshTokens.delete(other);
        return fail(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
      }
      known.usedAt = Date.now();
      return json(200, issue(user, known.sessionId));
    }
    if (route === 'GET /auth/v1/user') {
      const user = bearerUser(req.headers.authorization);
      return user
        ? json(200, userJson(user))
        : fail(403, 'bad_jwt', 'invalid JWT: unable to parse or verify signature');
    }
    if (route === 'POST /auth/v1/logout') {
      const caller = bearer(req.headers.authorization);
      if (!caller) return fail(403, 'bad_jwt', 'invalid JWT');
      // GoTrue's logout (internal/api/logout.go): global ends every session of the user, local
      // the caller's, others every one but the caller's.
      const scopeParam = url.searchParams.get('scope') ?? 'global';
      const ends = (sessionId: string) =>
        scopeParam === 'local'
          ? sessionId === caller.sessionId
          : scopeParam === 'others'
            ? sessionId !== caller.sessionId
            : true;
      if (ends(caller.sessionId)) revokedSessions.add(caller.sessionId);
      for (const [token, entry] of refreshTokens) {
        if (entry.userId === caller.user.id && ends(entry.sessionId)) {
          revokedSessions.add(entry.sessionId);
          refreshTokens.delete(token);
        }
      }
      res.writeHead(204).end();
      return;
    }
    const factorRoute = /^(POST|DELETE) \/auth\/v1\/factors(?:\/([\w-]+)(?:\/(challenge|verify))?)?$/.exec(route);
    if (factorRoute) {
      const caller = bearer(req.headers.authorization);
      if (!caller) return fail(401, 'no_authorization', 'This endpoint requires a Bearer token');
      const [, method, factorId, step] = factorRoute;
      const input = JSON.parse(body || '{}') as {
        factor_type?: string;
        friendly_name?: string;
        issuer?: string;
        challenge_id?: string;
        code?: string;
      };
      const factor = caller.user.factors.find((f) => f.id === factorId);
      if (method === 'POST' && !factorId) {
        if (input.factor_type !== 'totp') return fail(422, 'mfa_factor_type_unsupported', 'Only TOTP here');
        if (caller.user.factors.some((f) => f.friendly_name === input.friendly_name))
          return fail(422, 'mfa_factor_name_conflict', 'A factor with the friendly name already exists');
        const secret = new Secret({ size: 20 }).base32;
        const uri = new TOTP({
          issuer: input.issuer ?? 'double',
          label: caller.user.email,
          secret: Secret.fromBase32(secret),
        }).toString();
        const now = new Date().toISOString();
        const created: DoubleFactor = {
          id: crypto.randomUUID(),
          factor_type: 'totp',
          status: 'unverified',
          friendly_name: input.friendly_name ?? '',
          secret,
          created_at: now,
          updated_at: now,
        };
        caller.user.factors.push(created);
        return json(200, {
          id: created.id,
          type: 'totp',
          friendly_name: created.friendly_name,
          totp: { qr_code: '<svg xmlns="http://www.w3.org/2000/svg"/>', secret, uri },
        });
      }
      if (!factor) return fail(404, 'mfa_factor_not_found', 'Factor not found');
      if (method === 'POST' && step === 'challenge') {
        const id = crypto.randomUUID();
        challenges.set(id, factor.id);
        return json(200, { id, type: 'totp', expires_at: Math.floor(Date.now() / 1000) + 300 });
      }
      if (method === 'POST' && step === 'verify') {
        const refusal = double.nextVerifyRefusal;
        double.nextVerifyRefusal = null;
        if (refusal) return fail(refusal.status, refusal.code, refusal.msg);
        if (challenges.get(input.challenge_id ?? '') !== factor.id)
          return fail(422, 'mfa_challenge_expired', 'Challenge not found');
        challenges.delete(input.challenge_id!);
        const totp = new TOTP({ secret: Secret.fromBase32(factor.secret) });
        if (totp.validate({ token: input.code ?? '', window: 1 }) === null)
          return fail(422, 'mfa_verification_failed', 'Invalid TOTP code entered');
        factor.status = 'verified';
        sessionAal.set(caller.sessionId, 'aal2');
        // As GoTrue's verify does (internal/api/mfa.go: models.InvalidateSessionsWithAALLessThan):
        // every other session of the user that has not reached aal2 ends.
        for (const [token, entry] of refreshTokens) {
          if (
            entry.userId !== caller.user.id ||
            entry.sessionId === caller.sessionId ||
            sessionAal.get(entry.sessionId) === 'aal2'
          )
            continue;
          revokedSessions.add(entry.sessionId);
          refreshTokens.delete(token);
        }
        return json(200, issue(caller.user, caller.sessionId));
      }
      if (method === 'DELETE' && !step) {
        if (factor.status === 'verified' && sessionAal.get(caller.sessionId) !== 'aal2')
          return fail(403, 'insufficient_aal', 'AAL2 required to unenroll verified factor');
        caller.user.factors = caller.user.factors.filter((f) => f.id !== factor.id);
        return json(200, { id: factor.id });
      }
    }
    if (route === 'GET /auth/v1/.well-known/jwks.json') return json(200, { keys: [jwk] });
    return fail(404, 'not_found', `The double does not implement ${route}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  double.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return double;
}
