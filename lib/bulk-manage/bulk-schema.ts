import { SEARCH_CONTROL_CHARACTER, SEARCH_MAX_LENGTH } from '@/lib/artworks/client';
import { z } from '@/lib/zod';
import { artworkFormSchema } from '@/lib/artworks/client';

/**
 * Bulk Manage Artworks (docs/product.md, Bulk Manage Artworks): what the screen sends and the
 * server parses with the same schema, so both say the same thing. Category and price follow the
 * single form's own rules (artworkFormSchema), so a bulk change can store nothing a single edit
 * could not.
 */
export const BULK_PAGE_SIZE = 24;
/** Ids are sent for a selection on one page; "all matching" is sent as the search itself. */
export const BULK_MAX_IDS = 1000;

export const bulkMessages = {
  noneSelected: 'No artworks selected',
  noAction: 'No update action specified',
  updateFailed: 'Bulk update failed',
  deleteFailed: 'Bulk delete failed',
  changeCategory: 'Change Category...',
  updatePrice: 'Update Price...',
} as const;

/** The title search as the screen sends it back: what the list was filtered by. */
export const bulkSearchSchema = z
  .string()
  .max(SEARCH_MAX_LENGTH)
  .refine((q) => !SEARCH_CONTROL_CHARACTER.test(q), 'The search cannot contain control characters.');

/**
 * What the admin selected: the ticked rows, or every artwork matching the search, with how many
 * the screen said that was. The server refuses to act if the count no longer holds (an artwork
 * added or deleted meanwhile), so a bulk action never touches a row the admin did not mean.
 */
export const bulkSelectionSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('ids'),
    ids: z
      .array(z.uuid())
      .min(1, bulkMessages.noneSelected)
      .max(BULK_MAX_IDS, `Select at most ${BULK_MAX_IDS} artworks by hand, or select all matching.`)
      .transform((ids) => [...new Set(ids)]),
  }),
  z.object({
    kind: z.literal('matching'),
    q: bulkSearchSchema,
    expected: z.int().min(1, bulkMessages.noneSelected).max(10_000_000),
  }),
]);
export type BulkSelection = z.output<typeof bulkSelectionSchema>;

const { category, price } = artworkFormSchema.shape;

/** An empty category or price box means "leave it as it is"; at least one must say something. */
export const bulkUpdateInputSchema = z
  .object({
    selection: bulkSelectionSchema,
    category: z
      .string()
      .optional()
      .transform((value) => value || undefined)
      .pipe(category.optional()),
    price: price.optional(),
  })
  .transform(({ selection, category, price }) => ({
    selection,
    change: { ...(category ? { category } : {}), ...(price ? { price } : {}) } as BulkChange,
  }))
  .refine(({ change }) => change.category !== undefined || change.price !== undefined, bulkMessages.noAction);
export type BulkUpdateInput = z.input<typeof bulkUpdateInputSchema>;
export type BulkUpdate = z.output<typeof bulkUpdateInputSchema>;
export type BulkChange = { category?: z.output<typeof category>; price?: string };

export const bulkDeleteInputSchema = z.object({ selection: bulkSelectionSchema });
export type BulkDeleteInput = z.input<typeof bulkDeleteInputSchema>;
