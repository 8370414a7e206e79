import { vi } from 'vitest';

/**
 * Code under test runs outside Next, where there is no request for `connection()` to wait
 * for (in Next it marks request-time work: lib/auth/session.ts). Outside a request Next
 * throws instead; here it resolves, as it does inside a request.
 */
vi.mock('next/server', async (importOriginal) => ({
  ...(await importOriginal<typeof import('next/server')>()),
  connection: async () => {},
}));
