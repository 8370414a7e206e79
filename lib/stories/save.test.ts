import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertLocalUser } from '@/lib/users/users';
import type { Database } from '@/lib/db/port';
import { getVisibleStoryBySlug, listStoriesForAdmin, listVisibleStories } from '@/lib/stories/queries';
import { asAdmin, asSystem, asUser, asVisitor, type Claims } from '@/lib/db/roles';
import { pendingUploads, redirects, sitemapChanges, stories } from '@/lib/db/schema';
import { createTestDatabase, drivers, type Driver } from '@/tests/support/db';
import { resolveRedirectWith } from '@/lib/moved-pages/lookup';
import { seedStories } from '@/lib/seed/stories';
import { blogPosts } from '@/lib/seed/blog-posts';
import { recordPendingUpload } from '@/lib/artworks/admin/pending-uploads';
import { announceDueStories } from './due';
import { saveStoryInputSchema, storyMessages, type SaveStoryInput } from './fields';
import { deleteStoryRecord, saveStoryRecord, type StoryWriteDeps } from './save';

const body = '<h2>Backstory</h2><p>A morning at the lake, with <a href="/gallery/landscapes/x">a painting</a>.</p>';

/**
 * One database per driver, with the owner and a signed-in member, what the saves asked the
 * caches to drop and how often they told search engines. The tests share it, in order.
 */
function storyWorld(driver: Driver) {
  const world = {
    db: null as unknown as Database,
    admin: null as unknown as Claims,
    member: null as unknown as Claims,
    invalidated: [] as string[][],
    notified: 0,
  };

  const deps = (claims: Claims = world.admin): StoryWriteDeps => ({
    db: world.db,
    claims,
    invalidate: (slugs) => world.invalidated.push(slugs),
    notifySearchEngines: () => world.notified++,
  });
  /** What the save action does: adminAction parses with the same schema first. */
  const save = (input: SaveStoryInput, claims?: Claims) =>
    saveStoryRecord(deps(claims), saveStoryInputSchema.parse(input));
  const fields = (extra: Partial<SaveStoryInput['fields']> = {}): SaveStoryInput['fields'] => ({
    title: 'Mist on the Lake',
    slug: '',
    category: 'Techniques',
    excerpt: 'How the mist was painted.',
    content: body,
    imageAlt: 'Mist over a lake',
    metaTitle: '',
    metaDescription: '',
    tags: 'mist, Lake , mist',
    publishAt: '',
    ...extra,
  });
  const cover = async () => ({
    uploadId: await recordPendingUpload(world.db, world.admin, {
      publicUrl: `/media/stories/c-${crypto.randomUUID()}/display.webp`,
      image_thumb_400_url: '/media/stories/c/400.webp',
      image_thumb_800_url: '/media/stories/c/800.webp',
      image_original_url: null,
      width: 1600,
      height: 900,
    }),
  });
  const row = (id: string) =>
    asSystem(world.db, 'test-setup', async (sys) => (await sys.select().from(stories).where(eq(stories.id, id)))[0]!);
  const visible = async () => (await asVisitor(world.db, listVisibleStories)).map((story) => story.slug);
  const queued = async () =>
    (
      await asSystem(world.db, 'test-setup', (sys) => sys.select({ path: sitemapChanges.path }).from(sitemapChanges))
    ).map((r) => r.path);

  beforeAll(async () => {
    world.db = await createTestDatabase(driver);
    const a = await upsertLocalUser(world.db, { email: 'owner@example.com', password: 'owner password', admin: true });
    const m = await upsertLocalUser(world.db, { email: 'member@example.com', password: 'member password' });
    world.admin = { sub: a.id, email: 'owner@example.com', role: 'authenticated' };
    world.member = { sub: m.id, email: 'member@example.com', role: 'authenticated' };
  });
  afterAll(() => world.db.close());

  return Object.assign(world, { deps, save, fields, cover, row, visible, queued });
}
type StoryWorld = ReturnType<typeof storyWorld>;

describe.each(drivers)('stories on %s', (driver) => {
  const world = storyWorld(driver);
  draftTests(world);
  publishTests(world);
  lifecycleTests(world);
});

/** The seeded stories, drafts, and what publishing asks for. */
function draftTests(w: StoryWorld) {
  const { save, fields, cover, row, visible, queued, invalidated } = w;

  it('seeds the six first stories as published rows visitors read, newest first', async () => {
    expect(await seedStories(w.db)).toBe(6);
    expect(await seedStories(w.db)).toBe(0);
    const slugs = [...blogPosts].sort((a, b) => b.date.localeCompare(a.date)).map((post) => post.slug);
    expect(await visible()).toEqual(slugs);
  });

  it('a draft is the owner’s alone: not listed, not found by a visitor or a signed-in member, listed for the admin', async () => {
    const invalidations = invalidated.length;
    const draft = await save({ intent: 'draft', fields: fields({ title: 'Only a Draft', excerpt: '', imageAlt: '' }) });
    // Renamed as drafts are while their title is typed: still nothing public changed.
    await save({
      id: draft.id,
      version: draft.version,
      intent: 'draft',
      fields: fields({ title: 'Only a Draft', slug: 'only-a-draft-renamed', excerpt: '', imageAlt: '' }),
    });
    await save({
      id: draft.id,
      version: draft.version + 1,
      intent: 'draft',
      fields: fields({ title: 'Only a Draft', slug: 'only-a-draft', excerpt: '', imageAlt: '' }),
    });
    // A draft's saves (autosave every few seconds) leave the public caches alone.
    expect(invalidated.length).toBe(invalidations);
    expect(draft).toMatchObject({ slug: 'only-a-draft', status: 'Draft', created: true, version: 1 });
    expect((await row(draft.id)).version).toBe(3);
    expect(await visible()).not.toContain('only-a-draft');
    expect(await asVisitor(w.db, (tx) => getVisibleStoryBySlug(tx, 'only-a-draft'))).toBeNull();
    expect(await asUser(w.db, w.member, (tx) => getVisibleStoryBySlug(tx, 'only-a-draft'))).toBeNull();
    expect((await asAdmin(w.db, w.admin, (tx) => listStoriesForAdmin(tx, 'only a'))).map((s) => s.slug)).toEqual([
      'only-a-draft',
    ]);
    // Tags are lower-cased, trimmed and not repeated.
    expect((await row(draft.id)).tags).toEqual(['mist', 'lake']);
    // Nothing public changed: nothing queued for search engines.
    expect(await queued()).not.toContain('/blog/only-a-draft');
  });

  it('publishing asks for a cover, its alt text and an excerpt; a refusal changes nothing', async () => {
    const draft = await save({ intent: 'draft', fields: fields({ title: 'Needs a Cover' }) });
    await expect(
      save({ id: draft.id, version: draft.version, intent: 'publish', fields: fields({ title: 'Needs a Cover' }) }),
    ).rejects.toThrow(storyMessages.coverRequired);
    await expect(
      save({
        id: draft.id,
        version: draft.version,
        intent: 'publish',
        fields: fields({ title: 'Needs a Cover', imageAlt: '' }),
        cover: await cover(),
      }),
    ).rejects.toThrow(storyMessages.coverAltRequired);
    await expect(
      save({
        id: draft.id,
        version: draft.version,
        intent: 'publish',
        fields: fields({ title: 'Needs a Cover', excerpt: '' }),
        cover: await cover(),
      }),
    ).rejects.toThrow(storyMessages.excerptRequired);
    expect(await row(draft.id)).toMatchObject({ status: 'draft', version: 1, imageUrl: null });
    expect(() => saveStoryInputSchema.parse({ intent: 'draft', fields: fields({ title: '   ' }) })).toThrow(
      storyMessages.titleRequired,
    );
    expect(() => saveStoryInputSchema.parse({ intent: 'draft', fields: fields({ excerpt: 'x'.repeat(301) }) })).toThrow(
      'Excerpt must be at most 300 characters.',
    );
  });
}

/** Publishing, renaming a live story, and another tab's older copy. */
function publishTests(w: StoryWorld) {
  const { save, fields, cover, row, visible, queued, invalidated } = w;

  it('publishes: on the blog at once, the body cleaned, its addresses queued and search engines told', async () => {
    const before = w.notified;
    const published = await save({
      intent: 'publish',
      fields: fields({
        title: 'Painting Mist',
        content: `${body}<script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">x</a>`,
      }),
      cover: await cover(),
    });
    expect(published).toMatchObject({ slug: 'painting-mist', status: 'Published', path: '/blog/painting-mist' });
    expect(await visible()).toContain('painting-mist');
    const stored = await row(published.id);
    expect(stored.content).not.toMatch(/script|onerror|javascript:/);
    expect(stored.content).toContain('<h2>Backstory</h2>');
    expect(stored.imageSrcset).toBe(
      '/media/stories/c/400.webp 400w, /media/stories/c/800.webp 800w, ' + stored.imageUrl + ' 1600w',
    );
    expect(stored.announcedAt).not.toBeNull();
    expect(await queued()).toEqual(expect.arrayContaining(['/blog/painting-mist', '/blog']));
    expect(w.notified).toBe(before + 1);
    expect(invalidated.at(-1)).toEqual(['painting-mist']);
  });

  it('a taken slug gets -2; renaming a live story redirects its old address, and chains collapse', async () => {
    const first = await save({ intent: 'publish', fields: fields({ title: 'Harbour Light' }), cover: await cover() });
    const second = await save({ intent: 'publish', fields: fields({ title: 'Harbour Light' }), cover: await cover() });
    expect(second).toMatchObject({ slug: 'harbour-light-2', slugAdjusted: true });
    const moved = await save({
      id: first.id,
      version: first.version,
      intent: 'save',
      fields: fields({ title: 'Harbour Light', slug: 'harbour-light-at-dawn' }),
    });
    expect(moved).toMatchObject({
      slug: 'harbour-light-at-dawn',
      movedFrom: '/blog/harbour-light',
      status: 'Published',
      version: 2,
    });
    const again = await save({
      id: first.id,
      version: moved.version,
      intent: 'save',
      fields: fields({ title: 'Harbour Light', slug: 'harbour-light-final' }),
    });
    const resolve = (path: string) => asVisitor(w.db, (tx) => resolveRedirectWith(tx, path));
    expect(await resolve('/blog/harbour-light')).toBe('/blog/harbour-light-final');
    expect(await resolve('/blog/harbour-light-at-dawn')).toBe('/blog/harbour-light-final');
    expect(again.version).toBe(3);
    // Invalidates the old slug's page as well as the new one's.
    expect(invalidated.at(-1)).toEqual(['harbour-light-at-dawn', 'harbour-light-final']);
  });

  it('refuses a save over a newer version (another tab) and overwrites nothing', async () => {
    const story = await save({ intent: 'draft', fields: fields({ title: 'Two Tabs' }) });
    const tabA = await save({
      id: story.id,
      version: story.version,
      intent: 'draft',
      fields: fields({ title: 'Two Tabs', excerpt: 'Written in tab A.' }),
    });
    await expect(
      save({
        id: story.id,
        version: story.version,
        intent: 'draft',
        fields: fields({ title: 'Two Tabs', excerpt: 'Written in tab B.' }),
      }),
    ).rejects.toThrow(storyMessages.conflict);
    expect(await row(story.id)).toMatchObject({ excerpt: 'Written in tab A.', version: tabA.version });
  });
}

/** Scheduling, unpublishing and deleting, who may write, and the body's images. */
function lifecycleTests(w: StoryWorld) {
  const { save, fields, cover, visible, queued, deps } = w;

  it('a future publish date schedules the story: invisible until due, then announced by the stories-due job', async () => {
    const soon = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    const scheduled = await save({
      intent: 'publish',
      fields: fields({ title: 'Coming Soon', publishAt: soon }),
      cover: await cover(),
    });
    expect(scheduled.status).toBe('Scheduled');
    expect(await visible()).not.toContain('coming-soon');
    expect(await queued()).not.toContain('/blog/coming-soon');
    const expired: string[][] = [];
    expect((await announceDueStories(w.db, (tags) => void expired.push(tags))).announced).toEqual([]);
    expect(expired).toEqual([]);

    // Its time comes.
    await asSystem(w.db, 'test-setup', (sys) =>
      sys
        .update(stories)
        .set({ publishedAt: sql`now() - interval '1 second'` })
        .where(eq(stories.id, scheduled.id)),
    );
    expect(await visible()).toContain('coming-soon');
    expect((await announceDueStories(w.db, (tags) => void expired.push(tags))).announced).toEqual(['coming-soon']);
    expect(expired).toEqual([['stories', 'redirects', 'story:coming-soon']]);
    expect(await queued()).toContain('/blog/coming-soon');
    // Once only.
    expect((await announceDueStories(w.db, (tags) => void expired.push(tags))).announced).toEqual([]);
  });

  it('unpublish takes a story off the blog; delete removes it and the redirects into it', async () => {
    const story = await save({ intent: 'publish', fields: fields({ title: 'Short Lived' }), cover: await cover() });
    const renamed = await save({
      id: story.id,
      version: story.version,
      intent: 'save',
      fields: fields({ title: 'Short Lived', slug: 'short-lived-story' }),
    });
    const off = await save({
      id: story.id,
      version: renamed.version,
      intent: 'unpublish',
      fields: fields({ title: 'Short Lived', slug: 'short-lived-story' }),
    });
    expect(off.status).toBe('Draft');
    expect(await visible()).not.toContain('short-lived-story');
    const back = await save({
      id: story.id,
      version: off.version,
      intent: 'publish',
      fields: fields({ title: 'Short Lived', slug: 'short-lived-story' }),
    });
    expect(back.status).toBe('Published');
    await deleteStoryRecord(deps(), story.id);
    expect(await visible()).not.toContain('short-lived-story');
    const left = await asSystem(w.db, 'test-setup', (sys) =>
      sys.select().from(redirects).where(eq(redirects.destinationPath, '/blog/short-lived-story')),
    );
    expect(left).toEqual([]);
    await expect(deleteStoryRecord(deps(), story.id)).rejects.toThrow(storyMessages.notFound);
  });

  it('a signed-in member who is not an admin can neither write nor delete a story', async () => {
    await expect(save({ intent: 'draft', fields: fields({ title: 'Intruder' }) }, w.member)).rejects.toThrow();
    const target = (await asVisitor(w.db, listVisibleStories))[0]!;
    await expect(deleteStoryRecord(deps(w.member), target.id)).rejects.toThrow(storyMessages.notFound);
    expect(await visible()).toContain(target.slug);
  });

  it('keeps the body images uploaded while writing that the saved body shows, and only those', async () => {
    const shown = await recordPendingUpload(w.db, w.admin, { publicUrl: '/media/stories/body/shown.webp' });
    const dropped = await recordPendingUpload(w.db, w.admin, { publicUrl: '/media/stories/body/dropped.webp' });
    await save({
      intent: 'draft',
      fields: fields({
        title: 'With Pictures',
        content: '<p>One picture:</p><img src="/media/stories/body/shown.webp" alt="A heron">',
      }),
      uploads: [shown, dropped],
    });
    const ids = (
      await asSystem(w.db, 'test-setup', (sys) => sys.select({ id: pendingUploads.id }).from(pendingUploads))
    ).map((r) => r.id);
    expect(ids).not.toContain(shown);
    expect(ids).toContain(dropped);
  });
}
