/**
 * The bulk upload screen's words (docs/product.md, Bulk upload), one place for the screen and its
 * tests.
 */
export const bulkMessages = {
  defaultsApplied: 'Defaults Applied',
  itemFailed: (title: string) => `Upload Failed for ${title}`,
  complete: (done: number, total: number) => `Bulk Upload Complete (${done}/${total} artworks uploaded successfully.)`,
} as const;
