// The Playwright suite's world, made before `next start` (the embedded database is opened by one
// process at a time), on the fresh DATA_DIR the seed has just filled:
// - two non-admin accounts: the viewer (Access Denied) and `faults@example.com`, whose admin
//   check e2e/faults.ts slows down or breaks (a fault named by account reaches no other test);
// - an admin of its own for e2e/two-factor.spec.ts (`twofactor@example.com`), one whose
//   admin check e2e/faults.ts slows down (`slow-admin@example.com`), and one whose uploads get
//   short deadlines (`upload-limits@example.com`);
// - an expired session of the viewer, under a known cookie token;
// - the four Florals unpublished (two drafts, two archived): a category with no published
//   artwork, and works the sitemap and the gallery must leave out. e2e/world.ts
//   describes the same catalogue to the specs;
// - a small known set of Insights (e2e/world.ts insightsWorld) on the days before today, and that
//   day in the fault file `insights-today`, the clock the server's Insights and the specs share.
import fs from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { hashToken } from '@/lib/auth/local/sessions';
import { upsertLocalUser } from '@/lib/auth/users';
import { openConfiguredDatabase } from '@/lib/db';
import { env } from '@/lib/env';
import { asSystem } from '@/lib/db/roles';
import { recordInsights } from '@/lib/insights/store';
import { artworks, authUsers, sessions } from '@/lib/db/schema';
import { EXPIRED_SESSION_TOKEN, accounts, draftSlugs, archivedSlugs, insightsWorld } from '../e2e/world';

async function main() {
  const db = await openConfiguredDatabase();
  try {
    for (const account of [accounts.viewer, accounts.faults]) await upsertLocalUser(db, account);
    await upsertLocalUser(db, { ...accounts.twoFactor, admin: true });
    await upsertLocalUser(db, { ...accounts.twoFactorSessions, admin: true });
    await upsertLocalUser(db, { ...accounts.slowAdmin, admin: true });
    await upsertLocalUser(db, { ...accounts.uploadLimits, admin: true });
    await asSystem(db, 'test-setup', async (d) => {
      const [viewer] = await d.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.email, accounts.viewer.email));
      await d.delete(sessions).where(eq(sessions.tokenHash, hashToken(EXPIRED_SESSION_TOKEN)));
      await d.insert(sessions).values({
        tokenHash: hashToken(EXPIRED_SESSION_TOKEN),
        userId: viewer!.id,
        createdAt: new Date('2020-01-01T00:00:00Z'),
        lastSeenAt: new Date('2020-01-01T00:00:00Z'),
        expiresAt: new Date('2020-01-08T00:00:00Z'),
      });
      const drafts = await d.update(artworks).set({ status: 'draft' }).where(inArray(artworks.slug, draftSlugs)).returning({ id: artworks.id });
      const archived = await d.update(artworks).set({ isArchived: true }).where(inArray(artworks.slug, archivedSlugs)).returning({ id: artworks.id });
      if (drafts.length !== draftSlugs.length || archived.length !== archivedSlugs.length) throw new Error('the seed no longer has the Florals e2e/world.ts names');
    });
    const { a, b } = insightsWorld.artworks;
    const ids = await asSystem(db, 'test-setup', (d) => d.select({ id: artworks.id, slug: artworks.slug }).from(artworks).where(inArray(artworks.slug, [a.slug, b.slug])));
    const idOf = (slug: string) => ids.find((row) => row.slug === slug)?.id ?? fail(`the seed no longer has ${slug}, which e2e/world.ts insightsWorld names`);
    // The day the fixtures count back from, shared with the server's Insights (tests/support/seams.ts)
    // and the specs (e2e/faults.ts), so a run across midnight still reads these days.
    const today = new Date().toISOString().slice(0, 10);
    await recordInsights(db, insightsWorld.events(today, { a: idOf(a.slug), b: idOf(b.slug) }));
    fs.mkdirSync(path.join(env().DATA_DIR, 'faults'), { recursive: true });
    fs.writeFileSync(path.join(env().DATA_DIR, 'faults', 'insights-today'), today);
    console.log('e2e fixtures: viewer, faults, two-factor and slow-admin accounts, an expired session, Florals unpublished, known insights');
  } finally {
    await db.close();
  }
}

function fail(message: string): never {
  throw new Error(message);
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
