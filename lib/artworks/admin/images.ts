import type { AdminWriteDeps } from '@/lib/actions/write-deps';

/** What save and delete need from the outside world (lib/actions/write-deps.ts); tests pass their own. */
export type ArtworkWriteDeps = AdminWriteDeps;

type ImageRefs = {
  imageUrl?: string | null;
  imageThumb400Url?: string | null;
  imageThumb800Url?: string | null;
  imageOriginalUrl?: string | null;
};

/** Every stored file of an artwork's image, once each (the original only if it differs). */
export function imageFiles(refs: ImageRefs): string[] {
  const all = [refs.imageUrl, refs.imageThumb400Url, refs.imageThumb800Url, refs.imageOriginalUrl];
  return [...new Set(all.filter((url): url is string => Boolean(url)))];
}

/**
 * Removes image files after the database has moved on. Files already gone are fine ('The
 * resource was not found'); any other failure is logged and swallowed, because the record is
 * what matters and an orphaned file is only wasted space.
 */
export async function removeImageFiles(
  deps: ArtworkWriteDeps,
  files: string[],
  context: { artworkId?: string; reason: string },
): Promise<void> {
  if (files.length === 0) return;
  try {
    await deps.storage.remove(files);
  } catch (error) {
    await deps.log({
      level: 'error',
      feature: 'artwork-images',
      message: `Image removal failed (${context.reason}): ${error instanceof Error ? error.message : String(error)}`,
      meta: { artworkId: context.artworkId, files },
    });
  }
}
