'use server';

import { z } from 'zod';
import { adminAction } from '@/lib/actions/admin-action';
import { asAdmin } from '@/lib/db/roles';
import { deleteArtworkRecord } from './delete';
import { actionDeps } from '@/lib/actions/write-deps';
import { saveArtworkRecord } from './save';
import { deleteArtworkInputSchema, saveArtworkInputSchema } from './schema';
import { artworkWithSameTitle } from './title-check';

/** Insert (no id) or update (id) one artwork; the image, when given, was just uploaded. */
export const saveArtwork = adminAction(
  saveArtworkInputSchema,
  (input, ctx) => saveArtworkRecord(actionDeps(ctx), input),
  { name: 'saveArtwork' },
);

export const deleteArtwork = adminAction(
  deleteArtworkInputSchema,
  ({ id }, ctx) => deleteArtworkRecord(actionDeps(ctx), id),
  { name: 'deleteArtwork' },
);

/** Another artwork with this title, if any: the form warns before saving, it does not refuse. */
export const findArtworkWithTitle = adminAction(
  z.object({
    title: z
      .string()
      .max(200)
      .transform((title) => title.replaceAll('\0', '')),
    excludeId: z.uuid().optional(),
  }),
  ({ title, excludeId }, ctx) => asAdmin(ctx.db, ctx.claims, (tx) => artworkWithSameTitle(tx, title, excludeId)),
  { name: 'findArtworkWithTitle' },
);
