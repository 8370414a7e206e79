'use server';

import { z } from 'zod';
import { adminAction } from '@/lib/actions/admin-action';
import { invalidateShopCatalogue, invalidateSiteSettings } from '@/lib/cache/invalidate';
import { payments } from '@/lib/payments';
import {
  createProduct as insertProduct,
  productSchema,
  saveVariant as writeVariant,
  setProductArchived,
  setVariantArchived,
  shippingRows,
  shippingSchema,
  updateProduct as changeProduct,
  variantSchema,
  writeShippingRates,
  writeShopOpen,
} from './catalogue';

// The owner's actions on /admin/shop (docs/product.md, Shop & Payments), each through the
// one admin guard. Bad input changes nothing (the schemas of ./catalogue.ts say why, field by
// field). After every write, the tags the public pages' shop reads will carry are invalidated:
// `shop`, and `artworks` (artwork pages show what is made from them, and buy buttons).

/** 'Open the shop': refused while payments are not set up; closing is always allowed. */
export const setShopOpen = adminAction(
  z.object({ open: z.boolean() }),
  async ({ open }, ctx) => {
    await writeShopOpen(ctx.db, open, payments());
    invalidateSiteSettings();
    invalidateShopCatalogue();
    return { open };
  },
  { name: 'setShopOpen' },
);

export const createProduct = adminAction(
  productSchema,
  async (input, ctx) => {
    const created = await insertProduct(ctx.db, input);
    invalidateShopCatalogue();
    return created;
  },
  { name: 'createProduct' },
);

export const updateProduct = adminAction(
  productSchema.extend({ id: z.uuid() }),
  async ({ id, ...input }, ctx) => {
    await changeProduct(ctx.db, id, input);
    invalidateShopCatalogue();
    return { id };
  },
  { name: 'updateProduct' },
);

export const archiveProduct = adminAction(
  z.object({ id: z.uuid(), archived: z.boolean() }),
  async ({ id, archived }, ctx) => {
    await setProductArchived(ctx.db, id, archived);
    invalidateShopCatalogue();
  },
  { name: 'archiveProduct' },
);

/** Adds a variant to a product (no `id`), or changes one of its variants. */
export const saveVariant = adminAction(
  variantSchema.extend({ productId: z.uuid(), id: z.union([z.literal(''), z.uuid()]).default('') }),
  async ({ productId, id, ...input }, ctx) => {
    const saved = await writeVariant(ctx.db, productId, id || null, input);
    invalidateShopCatalogue();
    return saved;
  },
  { name: 'saveVariant' },
);

export const archiveVariant = adminAction(
  z.object({ productId: z.uuid(), id: z.uuid(), archived: z.boolean() }),
  async ({ productId, id, archived }, ctx) => {
    await setVariantArchived(ctx.db, productId, id, archived);
    invalidateShopCatalogue();
  },
  { name: 'archiveVariant' },
);

/** The whole delivery table, saved in one transaction. */
export const saveShippingRates = adminAction(
  shippingSchema,
  async (input, ctx) => {
    await writeShippingRates(ctx.db, shippingRows(input));
    invalidateShopCatalogue();
  },
  { name: 'saveShippingRates' },
);
