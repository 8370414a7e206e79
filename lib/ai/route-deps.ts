import 'server-only';
import type { AdminContext } from '@/lib/auth/types';
import { invalidatePublicContent } from '@/lib/cache/invalidate';
import { recordAppLog } from '@/lib/log/app-log';
import { queueUrlChanges } from '@/lib/search-engines/changes';
import { storage } from '@/lib/storage';
import { aiClient, aiConfig } from './index';
import type { HandlerDeps } from './handler';

/** The real dependencies of the AI route, acting as this admin. */
export function aiRouteDeps(ctx: AdminContext): HandlerDeps {
  return {
    db: ctx.db,
    claims: ctx.claims,
    storage: storage(),
    config: aiConfig(),
    client: aiClient,
    invalidate: (change) => invalidatePublicContent(change, 'route'),
    log: (entry) => recordAppLog(ctx.db, entry, ctx.claims),
    queueChanges: queueUrlChanges,
  };
}
