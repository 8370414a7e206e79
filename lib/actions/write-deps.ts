import 'server-only';
import type { AdminContext } from '@/lib/auth/types';
import { invalidatePublicContent } from '@/lib/cache/invalidate';
import type { Database } from '@/lib/db/port';
import type { Claims } from '@/lib/db/roles';
import { recordAppLog, type AppLogEntry } from '@/lib/log/app-log';
import { storage } from '@/lib/storage';
import type { StoragePort } from '@/lib/storage/port';

/** What an admin's write of public content needs: artworks' single and bulk writes share it. */
export type AdminWriteDeps = {
  db: Database;
  claims: Claims;
  storage: Pick<StoragePort, 'remove'>;
  /** Invalidates cached public pages (lib/cache/invalidate.ts). */
  invalidate: (change: { slugs: string[]; redirects: boolean }) => void;
  /** Records an event for the Application Logs viewer. */
  log: (entry: AppLogEntry) => Promise<void>;
};

/** The real dependencies of a write, for a server action acting as this admin. */
export function actionDeps(ctx: AdminContext): AdminWriteDeps {
  return {
    db: ctx.db,
    claims: ctx.claims,
    storage: storage(),
    invalidate: (change) => invalidatePublicContent(change, 'action'),
    log: (entry) => recordAppLog(ctx.db, entry, ctx.claims),
  };
}
