/**
 * A stand-in for Next's request scope in vitest: what cookies() and headers() from
 * 'next/headers' return inside a request. Tests mock 'next/headers' with it, so the real
 * adapters, actions and requireAdmin() run unchanged against a test database.
 */
export type CookieRecord = { name: string; value: string; options?: Record<string, unknown> };

export class RequestDouble {
  jar = new Map<string, CookieRecord>();
  headers = new Headers({ 'user-agent': 'vitest', 'x-forwarded-for': '198.51.100.1' });

  cookieStore() {
    const jar = this.jar;
    return {
      get: (name: string) => (jar.has(name) ? { name, value: jar.get(name)!.value } : undefined),
      getAll: () => [...jar.values()].map(({ name, value }) => ({ name, value })),
      has: (name: string) => jar.has(name),
      set: (name: string | CookieRecord, value?: string, options?: Record<string, unknown>) => {
        const record = typeof name === 'string' ? { name, value: value ?? '', options } : name;
        // An expired or zero-age cookie is a deletion, as in a browser.
        const maxAge = record.options?.maxAge;
        if (maxAge === 0 || record.value === '') jar.delete(record.name);
        else jar.set(record.name, record);
      },
      delete: (name: string | { name: string }) => {
        jar.delete(typeof name === 'string' ? name : name.name);
      },
    };
  }

  reset() {
    this.jar.clear();
    this.headers = new Headers({ 'user-agent': 'vitest', 'x-forwarded-for': '198.51.100.1' });
  }
}
