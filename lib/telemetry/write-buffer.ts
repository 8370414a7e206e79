import type { Database } from '@/lib/db/client';
import { asSystem } from '@/lib/db/roles';
import { logsApp } from '@/lib/db/schema';
import { noteAppLogRowsWritten } from '@/lib/log/retention';
import { logger } from '@/lib/log/logger';

export type TelemetryRow = typeof logsApp.$inferInsert;

export type WriteBufferOptions = {
  database: () => Promise<Database>;
  /** Rows held at most; beyond, new rows are dropped and counted. */
  maxBuffered?: number;
  /** Rows in one insert; a full batch is written at once instead of waiting for the timer. */
  batchSize?: number;
  flushMs?: number;
  /** Called after each written batch (retention by default). */
  onWritten?: (db: Database, count: number) => void;
};

export type WriteBufferStats = { queued: number; written: number; dropped: number; failed: number; buffered: number };

/**
 * Accepted telemetry rows wait here and go to logs_app together: every `flushMs`, or as soon as
 * a batch is full, in one multi-row insert through the server's system path. One insert at a
 * time; a failed insert is logged and its rows counted as failed (telemetry is best effort and
 * never retried into a struggling database). Bounded: when full, new rows are dropped.
 */
export class TelemetryWriteBuffer {
  private rows: TelemetryRow[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private readonly stats = { queued: 0, written: 0, dropped: 0, failed: 0 };
  private readonly maxBuffered: number;
  private readonly batchSize: number;
  private readonly flushMs: number;

  constructor(private readonly options: WriteBufferOptions) {
    this.maxBuffered = options.maxBuffered ?? 2_000;
    this.batchSize = options.batchSize ?? 200;
    this.flushMs = options.flushMs ?? 1_000;
  }

  /** Queues all the rows, or none of them when they do not fit. */
  push(rows: TelemetryRow[]): boolean {
    if (this.rows.length + rows.length > this.maxBuffered) {
      if (this.stats.dropped === 0 || this.stats.dropped % 1000 < rows.length) logger.warn({ feature: 'telemetry', dropped: this.stats.dropped + rows.length }, 'Telemetry buffer full: events dropped');
      this.stats.dropped += rows.length;
      return false;
    }
    this.rows.push(...rows);
    this.stats.queued += rows.length;
    if (this.rows.length >= this.batchSize) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.flushMs).unref();
    return true;
  }

  /** Writes everything buffered so far (resolves once it is written or has failed). */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    while (this.flushing) await this.flushing;
    if (this.rows.length === 0) return;
    this.flushing = this.writeAll().finally(() => {
      this.flushing = null;
    });
    await this.flushing;
  }

  private async writeAll() {
    while (this.rows.length > 0) {
      const batch = this.rows.splice(0, this.batchSize);
      let db: Database;
      try {
        db = await this.options.database();
        await asSystem(db, 'app-log', (sys) => sys.insert(logsApp).values(batch));
      } catch (error) {
        this.stats.failed += batch.length;
        logger.error({ err: error, feature: 'telemetry', rows: batch.length }, 'Telemetry rows could not be written');
        continue;
      }
      this.stats.written += batch.length;
      (this.options.onWritten ?? noteRows)(db, batch.length);
    }
  }

  snapshot(): WriteBufferStats {
    return { ...this.stats, buffered: this.rows.length };
  }
}

function noteRows(db: Database, count: number) {
  void noteAppLogRowsWritten(db, count);
}
