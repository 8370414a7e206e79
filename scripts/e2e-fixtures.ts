// The Playwright suite's world, made before `next start` (the embedded database is opened by one
// process at a time), on the fresh DATA_DIR the seed has just filled:
// - two non-admin accounts: the viewer (Access Denied) and `faults@example.com`, whose admin
//   check a database fault (e2e/faults.ts) slows down or breaks (one that mentions this account's
//   email reaches no other test);
// - an admin of its own for e2e/two-factor.spec.ts (`twofactor@example.com`), and one whose
//   admin check a database fault slows down (`slow-admin@example.com`);
// - an expired session of the viewer, under a known cookie token;
// - the four Florals unpublished (two drafts, two archived): a category with no published
//   artwork, and works the sitemap and the gallery must leave out. e2e/world.ts
//   describes the same catalogue to the specs;
// - a small known set of Insights (e2e/world.ts insightsWorld) on the days before today, and that
//   day in `${DATA_DIR}/insights-day` for the specs.
import fs from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { hashToken } from '@/lib/auth/local/sessions';
import { upsertLocalUser } from '@/lib/users/users';
import { openConfiguredDatabase } from '@/lib/database';
import { env } from '@/lib/env';
import { asSystem } from '@/lib/db/roles';
import { recordInsights } from '@/lib/insights/store';
import { artworks, authUsers, sessions } from '@/lib/db/schema';
import {
  EXPIRED_SESSION_TOKEN,
  INSIGHTS_DAY_FILE,
  accounts,
  draftSlugs,
  archivedSlugs,
  insightsWorld,
} from '../e2e/world';

async function main() {
  const db = await openConfiguredDatabase();
  try {
    for (const account of [accounts.viewer, accounts.faults]) await upsertLocalUser(db, account);
    await upsertLocalUser(db, { ...accounts.twoFactor, admin: true });
    await upsertLocalUser(db, { ...accounts.twoFactorSessions, admin: true });
    await upsertLocalUser(db, { ...accounts.slowAdmin, admin: true });
    await asSystem(db, 'test-setup', async (d) => {
      const [viewer] = await d
        .select({ id: authUsers.id })
        .from(authUsers)
        .where(eq(authUsers.email, accounts.viewer.email));
      await d.delete(sessions).where(eq(sessions.tokenHash, hashToken(EXPIRED_SESSION_TOKEN)));
      await d.insert(sessions).values({
        tokenHash: hashToken(EXPIRED_SESSION_TOKEN),
        userId: viewer!.id,
        createdAt: new Date('2020-01-01T00:00:00Z'),
        lastSeenAt: new Date('2020-01-01T00:00:00Z'),
        expiresAt: new Date('2020-01-08T00:00:00Z'),
      });
      const drafts = await d
        .update(artworks)
        .set({ status: 'draft' })
        .where(inArray(artworks.slug, draftSlugs))
        .returning({ id: artworks.id });
      const archived = await d
        .update(artworks)
        .set({ isArchived: true })
        .where(inArray(artworks.slug, archivedSlugs))
        .returning({ id: artworks.id });
      if (drafts.length !== draftSlugs.length || archived.length !== archivedSlugs.length)
        throw new Error('the seed no longer has the Florals e2e/world.ts names');
    });
    const { a, b } = insightsWorld.artworks;
    const ids = await asSystem(db, 'test-setup', (d) =>
      d
        .select({ id: artworks.id, slug: artworks.slug })
        .from(artworks)
        .where(inArray(artworks.slug, [a.slug, b.slug])),
    );
    const idOf = (slug: string) =>
      ids.find((row) => row.slug === slug)?.id ??
      fail(`the seed no longer has ${slug}, which e2e/world.ts insightsWorld names`);
    // The day the fixtures count back from, for the specs (e2e/insights-page.spec.ts), which
    // compare it with the day the server's Insights take as today: a run may cross midnight.
    const today = new Date().toISOString().slice(0, 10);
    await recordInsights(db, insightsWorld.events(today, { a: idOf(a.slug), b: idOf(b.slug) }));
    fs.writeFileSync(path.join(env().DATA_DIR, INSIGHTS_DAY_FILE), today);
    console.log(
      'e2e fixtures: viewer, faults, two-factor and slow-admin accounts, an expired session, Florals unpublished, known insights',
    );
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
