import { z } from 'zod';

/**
 * The backup archive (tar.gz): the database snapshot first, then the uploaded files, the
 * server key, and last a manifest, so an archive cut short has none and is refused.
 *
 *   db.tar                     PGlite data directory (lib/backup/snapshot.ts)
 *   uploads/public/<key>       served files (image variants)
 *   uploads/private/<key>      uploaded originals
 *   auth-secret                the embedded server key, when DATA_DIR has one
 *   watercolour-backup.json    the manifest
 */
export const DB_ENTRY = 'db.tar';
export const MANIFEST_ENTRY = 'watercolour-backup.json';
export const UPLOAD_ENTRY = /^uploads\/(public|private)\/(.+)$/;

export const manifestSchema = z.object({
  format: z.literal('watercolour-backup'),
  version: z.literal(1),
  createdAt: z.string(),
  /** `live`: taken from a running server through its backup socket; `offline`: from DATA_DIR directly. */
  source: z.enum(['live', 'offline']),
  artworks: z.number().int().nonnegative(),
  /**
   * Visitors' messages and newsletter subscribers (docs/product.md, Messages); absent from archives
   * made before them.
   */
  messages: z.number().int().nonnegative().optional(),
  subscribers: z.number().int().nonnegative().optional(),
  /** Stories (docs/product.md, Stories); absent from archives made before them. */
  stories: z.number().int().nonnegative().optional(),
  /** The newsletter's letters and deliveries (docs/product.md, Letters); absent from archives made before them. */
  letters: z.number().int().nonnegative().optional(),
  deliveries: z.number().int().nonnegative().optional(),
  files: z.number().int().nonnegative(),
  /** Files the database refers to that DATA_DIR itself lacked when the backup was taken. */
  missing: z.array(z.string()),
});
export type Manifest = z.infer<typeof manifestSchema>;
