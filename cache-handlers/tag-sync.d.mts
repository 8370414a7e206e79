/** A tag's invalidation as the tag store keeps it (lib/cache/tag-store.ts, TagInvalidationRow). */
type TagInvalidationRow = { tag: string; expiredAt: number; staleAt: number; updatedAt: number };

export const OVERLAP_MS: number;
export const BOOT_TAGS: string[];
export const tagsManifest: Map<string, { stale?: number; expired?: number }>;
export function applyRows(rows: TagInvalidationRow[]): void;
export function syncTags(): Promise<void>;
export function firstLoadSettled(): boolean;
export function persistTags(tags: string[]): Promise<void>;
export function expireTagsNow(tags: string[]): Promise<void>;
export const POLL_MS: number;
export function tagSyncStats(): { loaded: boolean; watermark: number | null; syncs: number; polling: boolean };
export function resetTagSync(): void;
