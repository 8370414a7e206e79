// npm run bench:auth — the server side of a local sign-in, as lib/account/sign-in-actions.ts runs it:
// throttle check and attempt record, account lookup, bcrypt verify, session insert, attempt
// settled, then the next request's session check. Embedded PGlite, median of 10 after a warm-up.
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { verifyPassword } from '@/lib/users/password';
import { createSession, verifySession } from '@/lib/auth/local/sessions';
import { beginAttempt, settleAttempt } from '@/lib/auth/throttle';
import { upsertLocalUser } from '@/lib/users/users';
import { openPglite } from '@/lib/db/pglite-adapter';
import { asSystem } from '@/lib/db/roles';
import { authUsers } from '@/lib/db/schema';

async function main() {
  const db = await openPglite();
  const email = 'owner@example.com';
  const password = 'correct horse battery staple';
  await upsertLocalUser(db, { email, password, admin: true });
  const signIn = async () => {
    const key = { email, ip: '198.51.100.7' };
    const attempt = await beginAttempt(db, key);
    if (attempt === null) throw new Error('throttled');
    const [user] = await asSystem(db, 'auth', (d) =>
      d
        .select({ id: authUsers.id, hash: authUsers.encryptedPassword })
        .from(authUsers)
        .where(eq(authUsers.email, email)),
    );
    if (!(await verifyPassword(password, user?.hash))) throw new Error('bad password');
    const session = await createSession(db, user!.id, {});
    await settleAttempt(db, attempt, true);
    return session.token;
  };
  await signIn();
  const signIns: number[] = [];
  const checks: number[] = [];
  for (let i = 0; i < 10; i++) {
    const start = performance.now();
    const token = await signIn();
    signIns.push(performance.now() - start);
    const check = performance.now();
    if (!(await verifySession(db, token))) throw new Error('session not found');
    checks.push(performance.now() - check);
  }
  const median = (xs: number[]) => Math.round([...xs].sort((a, b) => a - b)[5]! * 10) / 10;
  console.log(
    `Sign-in (server side, bcrypt cost 12): median ${median(signIns)} ms of 10; runs ${signIns.map(Math.round).join(', ')}`,
  );
  console.log(`Session check on the next request: median ${median(checks)} ms`);
  await db.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
