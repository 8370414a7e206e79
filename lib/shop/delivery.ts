import type { shippingZones } from '@/lib/db/schema';

/**
 * How long delivery takes, by zone: what Stripe's page shows beside each delivery option
 * (lib/shop/checkout.ts) and what the terms page promises (lib/content/legal.ts), from one place
 * so the two cannot disagree. The figures are the terms' (docs/product.md, Limits and constants):
 * the UK 3-5 business days, international (Europe and the rest of the world alike) 7-21.
 */
type Zone = (typeof shippingZones)[number];
export type DeliveryDays = { readonly min: number; readonly max: number };

const INTERNATIONAL: DeliveryDays = { min: 7, max: 21 };

export const ZONE_DAYS = {
  uk: { min: 3, max: 5 },
  europe: INTERNATIONAL,
  world: INTERNATIONAL,
} as const satisfies Record<Zone, DeliveryDays>;

/** Each zone's delivery option, as the buyer reads it on Stripe's page. */
export const ZONE_NAMES = {
  uk: 'UK delivery',
  europe: 'Europe delivery',
  world: 'Worldwide delivery',
} as const satisfies Record<Zone, string>;

/** '3-5 business days', as the terms write it. */
export const businessDays = ({ min, max }: DeliveryDays) => `${min}-${max} business days`;

/** The terms' two figures: the UK, and anywhere else. */
export const deliveryTimes = { uk: businessDays(ZONE_DAYS.uk), international: businessDays(INTERNATIONAL) } as const;
