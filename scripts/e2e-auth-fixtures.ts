// Prepares what e2e/admin-gate.spec.ts needs and the server cannot make while it holds the
// embedded database: an expired session of the non-admin viewer, under a known cookie token.
// Run after `users add` for viewer@example.com and before `next start`.
import { eq } from 'drizzle-orm';
import { hashToken } from '@/lib/auth/local/sessions';
import { openConfiguredDatabase } from '@/lib/db';
import { asSystem } from '@/lib/db/roles';
import { authUsers, sessions } from '@/lib/db/schema';

export const EXPIRED_SESSION_TOKEN = 'e2eExpiredSessionTokenXXXXXXXXXXXXXXXXXXXXX';

async function main() {
  const db = await openConfiguredDatabase();
  try {
    await asSystem(db, 'test-setup', async (d) => {
      const [viewer] = await d.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.email, 'viewer@example.com'));
      if (!viewer) throw new Error('viewer@example.com does not exist: run `users add` first');
      await d.delete(sessions).where(eq(sessions.tokenHash, hashToken(EXPIRED_SESSION_TOKEN)));
      await d.insert(sessions).values({
        tokenHash: hashToken(EXPIRED_SESSION_TOKEN),
        userId: viewer.id,
        createdAt: new Date('2020-01-01T00:00:00Z'),
        lastSeenAt: new Date('2020-01-01T00:00:00Z'),
        expiresAt: new Date('2020-01-08T00:00:00Z'),
      });
    });
    console.log('Added an expired session for viewer@example.com');
  } finally {
    await db.close();
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
