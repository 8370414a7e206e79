'use server';

import { z } from 'zod';
import { adminAction } from '@/lib/actions/admin-action';
import { clearAppLogs } from '@/lib/log-viewer/queries';
import { asAdmin } from '@/lib/db/roles';

/** Clear All Logs on the Application Logs screen: every logs_app row, as the admin (RLS decides). */
export const clearApplicationLogs = adminAction(
  z.object({}),
  (_input, ctx) => asAdmin(ctx.db, ctx.claims, (tx) => clearAppLogs(tx)),
  { name: 'clearApplicationLogs' },
);
