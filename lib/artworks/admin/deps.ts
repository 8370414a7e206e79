import 'server-only';
import type { AdminContext } from '@/lib/auth/types';
import { invalidatePublicContent } from '@/lib/cache/invalidate';
import { recordAppLog } from '@/lib/log/app-log';
import { storage } from '@/lib/storage';
import type { ArtworkWriteDeps } from './images';

/** The real dependencies of artwork writes, for a server action acting as this admin. */
export function actionDeps(ctx: AdminContext): ArtworkWriteDeps {
  return {
    db: ctx.db,
    claims: ctx.claims,
    storage: storage(),
    invalidate: (change) => invalidatePublicContent(change, 'action'),
    log: (entry) => recordAppLog(ctx.db, entry, ctx.claims),
  };
}
