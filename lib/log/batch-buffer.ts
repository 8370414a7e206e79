import { logger } from './logger';

export type BatchBufferOptions<T> = {
  /** Writes one batch; a throw counts the batch as failed (logged, never retried). */
  write: (batch: T[]) => Promise<void>;
  /** Items held at most; beyond, new ones are dropped and counted. */
  maxBuffered: number;
  /** Items in one write; a full batch is written at once instead of waiting for the timer. */
  batchSize: number;
  flushMs: number;
  /** What the log lines call the items ('Telemetry rows', 'Insights events'). */
  what: string;
};

export type WriteBufferStats = { queued: number; written: number; dropped: number; failed: number; buffered: number };

/**
 * Rows accepted on a busy path (telemetry, Insights) wait here and are written together: every `flushMs`, or
 * as soon as a batch is full. One write at a time; a failed one is logged and its items counted
 * as failed (telemetry is best effort and never retried into a struggling database). Bounded:
 * when full, new items are dropped.
 */
export class BatchBuffer<T> {
  private items: T[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private readonly stats = { queued: 0, written: 0, dropped: 0, failed: 0 };

  constructor(private readonly options: BatchBufferOptions<T>) {}

  /** Queues all the items, or none of them when they do not fit. */
  push(items: readonly T[]): boolean {
    if (this.items.length + items.length > this.options.maxBuffered) {
      if (this.stats.dropped === 0 || this.stats.dropped % 1000 < items.length)
        logger.warn(
          { feature: 'telemetry', dropped: this.stats.dropped + items.length },
          `${this.options.what}: buffer full, dropped`,
        );
      this.stats.dropped += items.length;
      return false;
    }
    this.items.push(...items);
    this.stats.queued += items.length;
    if (this.items.length >= this.options.batchSize) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.options.flushMs).unref();
    return true;
  }

  /** Writes everything buffered so far (resolves once it is written or has failed). */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    while (this.flushing) await this.flushing;
    if (this.items.length === 0) return;
    this.flushing = this.writeAll().finally(() => {
      this.flushing = null;
    });
    await this.flushing;
  }

  private async writeAll() {
    while (this.items.length > 0) {
      const batch = this.items.splice(0, this.options.batchSize);
      try {
        await this.options.write(batch);
      } catch (error) {
        this.stats.failed += batch.length;
        logger.error(
          { err: error, feature: 'telemetry', items: batch.length },
          `${this.options.what} could not be written`,
        );
        continue;
      }
      this.stats.written += batch.length;
    }
  }

  snapshot(): WriteBufferStats {
    return { ...this.stats, buffered: this.items.length };
  }
}
