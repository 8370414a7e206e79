'use server';

import { z } from 'zod';
import { adminAction } from '@/lib/actions/admin-action';
import { clearAppLogs } from '@/lib/db/queries/logs-app';
import { asAdmin } from '@/lib/db/roles';
import { injectedFault } from '@/lib/seams';

/** Clear All Logs on the Application Logs screen: every logs_app row, as the admin (RLS decides). */
export const clearApplicationLogs = adminAction(
  z.object({}),
  async (_input, ctx) => {
    // e2e seam (off in production): the clear fails before anything is deleted.
    if (injectedFault('app-logs-clear')) throw new Error('Injected fault: clearing the application logs failed');
    return asAdmin(ctx.db, ctx.claims, (tx) => clearAppLogs(tx));
  },
  { name: 'clearApplicationLogs' },
);
