import type { QueueAction, QueueItem } from '@/lib/bulk-upload/queue';

// The duplicate check's own limit (lib/bulk-upload/actions.ts).
export const CHECKSUMS_PER_REQUEST = 500;

/**
 * The checksums to ask about, each once and in the order first seen, in requests of at most
 * `size`; a file that could not be hashed (null) is not asked about.
 */
export function checksumBatches(checksums: Iterable<string | null>, size = CHECKSUMS_PER_REQUEST): string[][] {
  const known = [...new Set([...checksums].filter((sum): sum is string => sum !== null))];
  const batches: string[][] = [];
  for (let at = 0; at < known.length; at += size) batches.push(known.slice(at, at + size));
  return batches;
}

/**
 * The check's answer for each item: its checksum (by item id; null when it could not be hashed)
 * and the title of the artwork that already has that image (`existing`, by checksum), if any.
 */
export function checkedActions(
  items: QueueItem[],
  checksums: Map<string, string | null>,
  existing: Map<string, string>,
): QueueAction[] {
  return items.map((item) => {
    const checksum = checksums.get(item.id) ?? null;
    return {
      type: 'checked',
      id: item.id,
      checksum,
      existingMatch: checksum ? (existing.get(checksum) ?? null) : null,
    };
  });
}
