/** Next's FileSystemCache with durable, shared tag state (see incremental.mjs). */
export default class DurableFileSystemCache {
  constructor(ctx: {
    fs?: unknown;
    serverDistDir?: string;
    flushToDisk?: boolean;
    revalidatedTags: string[];
    maxMemoryCacheSize?: number;
  });
  get(key: string, ctx: { kind: string; [key: string]: unknown }): Promise<unknown>;
  set(key: string, data: unknown, ctx: Record<string, unknown>): Promise<void>;
  revalidateTag(tags: string | string[], durations?: { expire?: number }): Promise<void>;
}

/** Makes DurableFileSystemCache the page cache of every IncrementalCache Next makes from now on. */
export function installPageCache(): void;
