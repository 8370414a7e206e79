import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { bulkDeleteArtworks } from '@/lib/bulk-manage/bulk';
import { deleteArtworkRecord } from '@/lib/artworks/admin/delete';
import { saveArtworkRecord, type SaveDeps } from '@/lib/artworks/admin/save';
import { emptyArtworkForm, type ArtworkFormValues } from '@/lib/artworks/admin/schema';
import type { Database } from '@/lib/db/port';
import { asSystem, type Claims } from '@/lib/db/roles';
import { artworks } from '@/lib/db/schema';
import { handleArtworkUpload } from '@/lib/images/upload-handler';
import type { StorageInventory, StoragePort } from '@/lib/storage/port';
import { recordPendingUpload } from '@/lib/artworks/admin/pending-uploads';
import { observePorts, type Observer, type PortPoint } from './port-points';

/**
 * The admin's writes, each as the browser drives it (upload through the real upload handler,
 * then the save or delete). Each flow prepares what it starts from, runs against the database
 * and storage of the world it is given, and says which of its two legitimate outcomes the data
 * is in: as before the write, or as after it. Anything else is a half-written state. The fault
 * tests hand a flow ports that stop it at any point of its calls (port-points.ts, write-faults.ts).
 *
 * A new write is one more entry (as bulk delete was): prepare, run and outcome; the fault tests
 * then run it at every point it reaches.
 */
export type World = { database: Database; storage: StoragePort & StorageInventory; admin: Claims };

/** What a flow starts from; plain JSON, so a child process can run the flow (write-fault-driver.ts). */
export type Prepared = { slug: string; artworkId?: string; artworkIds?: string[]; files: string[] };

export type Outcome = 'before' | 'after';

export type Flow = {
  prepare(world: World): Promise<Prepared>;
  run(world: World, prepared: Prepared): Promise<void>;
  /** Where the data stands; throws when it is neither as before nor as after the write. */
  outcome(world: World, prepared: Prepared): Promise<Outcome>;
};

const TITLE_BEFORE = 'Before the write';
const TITLE_AFTER = 'After the write';

let counter = 0;
const uniqueSlug = (label: string) => `${label}-${process.pid}-${Date.now().toString(36)}-${++counter}`;

export const flows = {
  /** A new artwork with its image (docs/product.md, Saving an artwork). */
  create: {
    prepare: async () => ({ slug: uniqueSlug('create'), files: [] }),
    async run(world, { slug }) {
      const uploadId = await upload(world, slug);
      await saveArtworkRecord(writeDeps(world), { fields: fields(TITLE_AFTER, slug), image: { uploadId } });
    },
    async outcome(world, { slug }) {
      const row = await rowWhere(world, eq(artworks.slug, slug));
      if (!row) return 'before';
      if (row.title !== TITLE_AFTER || imagePrefixes(row).size !== 1) throw new HalfWritten(row);
      return 'after';
    },
  },
  /** A new artwork the server refuses after its image was uploaded ("the newly uploaded image is removed"). */
  'create-refused': {
    prepare: async () => ({ slug: uniqueSlug('refused'), files: [] }),
    async run(world, { slug }) {
      const uploadId = await upload(world, slug);
      await saveArtworkRecord(writeDeps(world), { fields: fields('', slug), image: { uploadId } });
    },
    async outcome(world, { slug }) {
      const row = await rowWhere(world, eq(artworks.slug, slug));
      if (row) throw new HalfWritten(row);
      return 'before';
    },
  },
  /** An edit that replaces the image and the title together. */
  'edit-image': {
    prepare: (world) => existingArtwork(world, 'edit'),
    async run(world, { slug, artworkId }) {
      const uploadId = await upload(world, `${slug}-new`);
      await saveArtworkRecord(writeDeps(world), {
        id: artworkId,
        fields: fields(TITLE_AFTER, slug),
        image: { uploadId },
      });
    },
    async outcome(world, { artworkId, files }) {
      const row = await rowWhere(world, eq(artworks.id, artworkId!));
      if (!row) throw new HalfWritten(row);
      const image = imageFilesOf(row);
      if (row.title === TITLE_BEFORE && sameSet(image, files)) return 'before';
      if (row.title === TITLE_AFTER && image.every((file) => !files.includes(file)) && imagePrefixes(row).size === 1)
        return 'after';
      throw new HalfWritten(row);
    },
  },
  /** Deleting one artwork: the record, then its files. */
  delete: {
    prepare: (world) => existingArtwork(world, 'delete'),
    async run(world, { artworkId }) {
      await deleteArtworkRecord(writeDeps(world), artworkId!);
    },
    async outcome(world, { artworkId, files }) {
      const row = await rowWhere(world, eq(artworks.id, artworkId!));
      if (!row) return 'after';
      if (row.title === TITLE_BEFORE && sameSet(imageFilesOf(row), files)) return 'before';
      throw new HalfWritten(row);
    },
  },
  /**
   * Deleting several artworks at once (docs/product.md, Bulk Manage Artworks): the rows in one
   * transaction, then their files.
   */
  'bulk-delete': {
    async prepare(world) {
      const [first, second] = [await existingArtwork(world, 'bulk'), await existingArtwork(world, 'bulk')];
      return {
        slug: first.slug,
        artworkIds: [first.artworkId!, second.artworkId!],
        files: [...first.files, ...second.files],
      };
    },
    async run(world, { artworkIds }) {
      await bulkDeleteArtworks(writeDeps(world), { selection: { kind: 'ids', ids: artworkIds! } });
    },
    async outcome(world, { artworkIds, files }) {
      const rows = await asSystem(world.database, 'test-setup', (db) =>
        db.select().from(artworks).where(inArray(artworks.id, artworkIds!)),
      );
      if (rows.length === 0) return 'after';
      if (
        rows.length === artworkIds!.length &&
        rows.every((row) => row.title === TITLE_BEFORE) &&
        sameSet(rows.flatMap(imageFilesOf), files)
      )
        return 'before';
      throw new HalfWritten(rows);
    },
  },
} satisfies Record<string, Flow>;

export type FlowName = keyof typeof flows;
export const flowNames = Object.keys(flows) as FlowName[];

/**
 * A point a flow passes when nothing fails, in order, and where the data stands there: measured
 * at each point outside a transaction; inside one, what it was when that transaction began
 * (nobody else sees its work before its commit).
 */
export type Reached = { point: PortPoint; outcome: Outcome | `half-written: ${string}` };

/** Every point a flow passes when nothing fails (port-points.ts), with its outcome there. */
export async function reachedPoints(world: World, name: FlowName): Promise<Reached[]> {
  const reached: Reached[] = [];
  const flow: Flow = flows[name];
  const prepared = await flow.prepare(world);
  const atBegin = new Map<number, Reached['outcome']>();
  const record: Observer = async (point) => {
    const outcome = point.inTransaction
      ? atBegin.get(point.transaction!)!
      : await flow.outcome(world, prepared).catch((error: Error) => `half-written: ${error.message}` as const);
    if (point.kind === 'begin') atBegin.set(point.transaction!, outcome);
    reached.push({ point, outcome });
  };
  // The refused flow ends in an error, as it should; the points it passed are what counts.
  await flow.run(observed(world, record), prepared).catch(() => {});
  return reached;
}

/** The world with its database and storage reporting each point of a flow to `observe`. */
export function observed(world: World, observe: Observer): World {
  const ports = observePorts({ database: world.database, storage: world.storage }, observe);
  return { ...world, ...ports };
}

export class HalfWritten extends Error {
  constructor(row: unknown) {
    super(`half-written row: ${JSON.stringify(row)}`);
    this.name = 'HalfWritten';
  }
}

function writeDeps(world: World): SaveDeps {
  return {
    db: world.database,
    claims: world.admin,
    storage: world.storage,
    invalidate: () => {},
    // What a write logs is not under test here; the database may be down anyway.
    log: async () => {},
  };
}

const fields = (title: string, slug: string): ArtworkFormValues => ({
  ...emptyArtworkForm,
  title,
  slug,
  imageAlt: 'A watercolour',
});

async function existingArtwork(world: World, label: string): Promise<Prepared> {
  const slug = uniqueSlug(label);
  const uploadId = await upload(world, slug);
  const saved = await saveArtworkRecord(writeDeps(world), { fields: fields(TITLE_BEFORE, slug), image: { uploadId } });
  const row = await rowWhere(world, eq(artworks.id, saved.id));
  return { slug, artworkId: saved.id, files: imageFilesOf(row!) };
}

let png: Promise<Buffer> | undefined;

/** Uploads a small PNG through the upload route's handler, as the form does; answers the uploadId. */
async function upload(world: World, slug: string): Promise<string> {
  png ??= sharp({ create: { width: 96, height: 64, channels: 3, background: '#7aa6c2' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set('file', new File([new Uint8Array(await png)], 'wash.png', { type: 'image/png' }));
  form.set('path', `landscapes/${slug}`);
  const response = await handleArtworkUpload(
    new Request('http://localhost/api/upload-artwork-image', { method: 'POST', body: form }),
    {
      storage: world.storage,
      record: (image) => recordPendingUpload(world.database, world.admin, image),
    },
  );
  const body = (await response.json()) as { uploadId?: string; error?: string };
  if (!response.ok || !body.uploadId) throw new Error(`upload failed (${response.status}): ${body.error}`);
  return body.uploadId;
}

async function rowWhere(world: World, where: ReturnType<typeof eq>) {
  const [row] = await asSystem(world.database, 'test-setup', (db) => db.select().from(artworks).where(where));
  return row;
}

export function imageFilesOf(row: {
  imageUrl: string | null;
  imageThumb400Url: string | null;
  imageThumb800Url: string | null;
  imageOriginalUrl: string | null;
}): string[] {
  return [row.imageUrl, row.imageThumb800Url, row.imageThumb400Url, row.imageOriginalUrl].filter(
    (file): file is string => Boolean(file),
  );
}

/** The uploads a row's image columns come from ({category}/{slug}/{timestamp}); one when whole. */
export function imagePrefixes(row: Parameters<typeof imageFilesOf>[0]): Set<string> {
  const files = imageFilesOf(row);
  if (files.length !== 4) return new Set(['(incomplete)', ...files]);
  const key = (file: string) =>
    (file.startsWith('private:') ? file.slice('private:'.length) : file).split('/').slice(-3).join('/');
  return new Set(files.map((file) => key(file).replace(/-[a-z0-9]+\.[a-z]+$/, '')));
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));
