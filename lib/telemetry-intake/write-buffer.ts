import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { logsApp } from '@/lib/db/schema';
import { noteAppLogRowsWritten } from '@/lib/retention';
import { BatchBuffer } from '@/lib/log/batch-buffer';

export type TelemetryRow = typeof logsApp.$inferInsert;

export type WriteBufferOptions = {
  database: () => Promise<Database>;
  maxBuffered?: number;
  batchSize?: number;
  flushMs?: number;
  /** Called after each written batch (retention by default). */
  onWritten?: (db: Database, count: number) => void;
};

/** Accepted telemetry rows, to logs_app in multi-row inserts through the server's system path. */
export class TelemetryWriteBuffer extends BatchBuffer<TelemetryRow> {
  constructor(options: WriteBufferOptions) {
    super({
      what: 'Telemetry rows',
      maxBuffered: options.maxBuffered ?? 2_000,
      batchSize: options.batchSize ?? 200,
      flushMs: options.flushMs ?? 1_000,
      async write(batch) {
        const db = await options.database();
        await asSystem(db, 'app-log', (sys) => sys.insert(logsApp).values(batch));
        (options.onWritten ?? noteRows)(db, batch.length);
      },
    });
  }
}

function noteRows(db: Database, count: number) {
  void noteAppLogRowsWritten(db, count);
}
