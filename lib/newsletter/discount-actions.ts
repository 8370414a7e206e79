'use server';

import { adminAction } from '@/lib/actions/admin-action';
import { invalidateSiteSettings } from '@/lib/cache/invalidate';
import { discountSettingsSchema, writeDiscountSettings } from './discount-settings';

/**
 * The owner's discount settings on /admin/newsletter (docs/product.md, The subscriber discount),
 * through the one admin guard; the schema refuses bad input field by field and nothing is saved.
 * The public pages that name the discount ("20% off prints") read the site settings' tag.
 */
export const saveDiscountSettings = adminAction(
  discountSettingsSchema,
  async (input, ctx) => {
    const saved = await writeDiscountSettings(ctx.db, input);
    invalidateSiteSettings();
    return saved;
  },
  { name: 'saveDiscountSettings' },
);
