'use server';

import { z } from 'zod';
import { adminAction } from '@/lib/actions/admin-action';
import { invalidatePublicContent } from '@/lib/cache/invalidate';
import { clearAiRetrofitLogs, listAiRetrofitLogs, listRetrofitCandidates } from '@/lib/ai/retrofit-queries';
import { asAdmin } from '@/lib/db/roles';
import { queueUrlChanges } from '@/lib/search-engines/changes';
import { restorePreviousText } from './restore';

/** 'Restore previous text' on the edit page: undoes what the AI retrofit filled in. */
export const restorePreviousTextAction = adminAction(
  z.object({ id: z.uuid() }),
  ({ id }, ctx) =>
    restorePreviousText(
      {
        db: ctx.db,
        claims: ctx.claims,
        invalidate: (change) => invalidatePublicContent(change, 'action'),
        queueChanges: queueUrlChanges,
      },
      id,
    ),
  { name: 'restorePreviousText' },
);

/** The retrofit's candidates (docs/product.md, AI SEO Retrofit), read when a run starts. */
export const listRetrofitCandidatesAction = adminAction(
  z.object({}),
  (_input, ctx) => asAdmin(ctx.db, ctx.claims, (tx) => listRetrofitCandidates(tx)),
  { name: 'listRetrofitCandidates' },
);

/** The AI Retrofit Logs screen: the latest 100 with the artwork's title, and Clear All Logs. */
export const listAiLogsAction = adminAction(
  z.object({}),
  (_input, ctx) => asAdmin(ctx.db, ctx.claims, (tx) => listAiRetrofitLogs(tx)),
  { name: 'listAiLogs' },
);

export const clearAiLogsAction = adminAction(
  z.object({}),
  (_input, ctx) => asAdmin(ctx.db, ctx.claims, (tx) => clearAiRetrofitLogs(tx)),
  { name: 'clearAiLogs' },
);
