'use server';

import { z } from 'zod';
import { adminAction } from '@/lib/actions/admin-action';
import { isSlugTaken } from '@/lib/artworks';
import { artworksWithImageChecksums } from '@/lib/bulk-upload/checksum-queries';
import { asAdmin } from '@/lib/db/roles';
import { uniqueSlug } from '@/lib/slug';

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/, 'A checksum is 64 hexadecimal characters.');

/**
 * The queued files whose image an artwork already has: checksum and that artwork's title. Read
 * as the admin, since checksums are internal (docs/product.md, Roles and permissions).
 */
export const findExistingImages = adminAction(
  z.object({ checksums: z.array(sha256Hex).min(1).max(500) }),
  ({ checksums }, ctx) => asAdmin(ctx.db, ctx.claims, (tx) => artworksWithImageChecksums(tx, [...new Set(checksums)])),
  { name: 'findExistingImages' },
);

/**
 * The slug uniqueness check for a new artwork (docs/product.md, Saving an artwork): the first free
 * slug (cut to 58, then -2, -3…). The save checks again inside its transaction; this lets the
 * upload path use it.
 */
export const checkArtworkSlug = adminAction(
  z.object({ slug: z.string().trim().min(1).max(200) }),
  async ({ slug }, ctx) => ({
    slug: await asAdmin(ctx.db, ctx.claims, (tx) => uniqueSlug(slug, (candidate) => isSlugTaken(tx, candidate))),
  }),
  { name: 'checkArtworkSlug' },
);
