const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/**
 * TLS for a Postgres URL: required for any host but this machine, unless the URL says otherwise
 * (`sslmode`/`ssl`, which postgres.js then applies itself). Supabase's pooler certificates are
 * not in Node's default trust store, so 'require' encrypts without verifying the chain; set
 * `sslmode=verify-full` with the CA installed to verify it too.
 */
export function postgresTls(url: string): 'require' | false | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined; // a form only postgres.js understands: its own rules apply
  }
  if (parsed.searchParams.has('sslmode') || parsed.searchParams.has('ssl')) return undefined;
  // A Unix socket (host=/path) is local too.
  const socket = parsed.searchParams.get('host')?.startsWith('/');
  return LOCAL_HOSTS.has(parsed.hostname) || parsed.hostname === '' || socket ? false : 'require';
}
