import { z } from '@/lib/zod';
import { categories } from '@/lib/categories';

/**
 * The artwork form's schema: react-hook-form resolves with it in the browser and the save action
 * parses with it again on the server, so both agree on every message (docs/product.md, Validation).
 * Inputs are what the form holds (text boxes are strings); the output is what the database takes.
 */
export const ALT_TEXT_MAX = 125;
export const META_DESCRIPTION_RANGE = { min: 150, max: 160 } as const;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const ACCEPTED_IMAGE_TYPES = 'image/jpeg,image/png,image/webp';

export const messages = {
  titleRequired: 'Title is required.',
  slugRequired: 'Slug is required and cannot be empty.',
  altRequiredTitle: 'Alt Text Required',
  altRequired: 'Please provide descriptive alt text for accessibility.',
  altTooLong: (n: number) => `Alt text is too long (${n}/${ALT_TEXT_MAX} chars).`,
  metaDescriptionLength: (n: number) => `Meta description length is ${n}. Recommended: 150-160 chars.`,
  imageTooLargeTitle: 'Image too large',
  imageTooLarge: 'Please upload an image smaller than 10MB.',
  imageRequired: 'Please choose an image for the artwork.',
  validationError: 'Validation Error',
} as const;

/** Comma-separated text to a list: split on commas, trimmed, empty entries dropped. */
export function splitList(value: string | null | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** Only a warning (saving continues): null when the length is in the recommended range or empty. */
export function metaDescriptionWarning(value: string | null | undefined): string | null {
  const n = (value ?? '').trim().length;
  if (n === 0 || (n >= META_DESCRIPTION_RANGE.min && n <= META_DESCRIPTION_RANGE.max)) return null;
  return messages.metaDescriptionLength(n);
}

/**
 * Form text. NUL is dropped: it is invisible, means nothing in a title or a description, and
 * Postgres text cannot hold it (the save would fail with a database error instead of saving).
 */
const formText = () => z.string().overwrite((value) => value.replaceAll('\u0000', ''));

const text = (max: number) =>
  formText()
    .max(max, `Keep this under ${max} characters.`)
    .transform((value) => value.trim() || null);

const list = formText()
  .max(4000, 'Keep this under 4000 characters.')
  .transform((value) => splitList(value));

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .refine(
      (value) => value === '' || (/^\d+$/.test(value) && Number(value) >= min && Number(value) <= max),
      `${label} must be a whole number from ${min} to ${max}.`,
    )
    .transform((value) => (value === '' ? null : Number(value)));

const millimetres = (label: string) =>
  z
    .string()
    .trim()
    .refine(
      (value) => value === '' || (/^\d+(\.\d)?$/.test(value) && Number(value) > 0 && Number(value) < 10_000_000),
      `${label} must be a number of millimetres, e.g. 420 or 297.5.`,
    )
    .transform((value) => (value === '' ? null : Number(value)));

const optionalUrl = z
  .string()
  .trim()
  .max(2000, 'Keep this under 2000 characters.')
  .refine(
    (value) => value === '' || z.url({ protocol: /^https?$/ }).safeParse(value).success,
    'Enter a full web address starting with https://.',
  )
  .transform((value) => value || null);

/** Suggestions for the free-text availability field. */
export const availabilitySuggestions = ['Available', 'Sold', 'Reserved', 'Not for sale'] as const;

export const artworkFormSchema = z.object({
  title: formText().trim().min(1, messages.titleRequired).max(200, 'Keep the title under 200 characters.'),
  slug: formText().trim().min(1, messages.slugRequired).max(200, 'Keep the slug under 200 characters.'),
  category: z.enum(categories, 'Choose one of the six categories.'),
  description: text(2000),
  story: text(20_000),
  imageAlt: formText()
    .trim()
    .superRefine((value, ctx) => {
      if (value.length === 0) ctx.addIssue({ code: 'custom', message: messages.altRequired });
      else if (value.length > ALT_TEXT_MAX)
        ctx.addIssue({ code: 'custom', message: messages.altTooLong(value.length) });
    }),
  price: text(60),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .refine((value) => /^[A-Z]{3}$/.test(value), 'Currency is a three-letter code such as GBP.'),
  isForSale: z.boolean(),
  availability: text(100),
  sku: text(100),
  editionSize: wholeNumber('Edition size', 1, 100_000),
  editionNumber: wholeNumber('Edition number', 1, 100_000),
  formatsAvailable: list,
  framed: z.boolean(),
  widthMm: millimetres('Width'),
  heightMm: millimetres('Height'),
  year: wholeNumber('Year', 1900, 2100),
  medium: text(200),
  storeUrl: optionalUrl,
  tags: list,
  longStoryDescription: text(50_000),
  seoTitle: text(200),
  seoDescription: text(1000),
  metaTitle: text(200),
  metaDescription: text(1000),
  keywords: list,
  ogTitle: text(200),
  ogDescription: text(1000),
  twitterTitle: text(200),
  twitterDescription: text(1000),
});

export type ArtworkFormValues = z.input<typeof artworkFormSchema>;
export type ArtworkFields = z.output<typeof artworkFormSchema>;

/**
 * A new artwork's form: category Landscapes, everything else empty
 * (docs/product.md, Add and edit artwork).
 */
export const emptyArtworkForm: ArtworkFormValues = {
  title: '',
  slug: '',
  category: 'Landscapes',
  description: '',
  story: '',
  imageAlt: '',
  price: '',
  currency: 'GBP',
  isForSale: true,
  availability: '',
  sku: '',
  editionSize: '',
  editionNumber: '',
  formatsAvailable: '',
  framed: false,
  widthMm: '',
  heightMm: '',
  year: '',
  medium: '',
  storeUrl: '',
  tags: '',
  longStoryDescription: '',
  seoTitle: '',
  seoDescription: '',
  metaTitle: '',
  metaDescription: '',
  keywords: '',
  ogTitle: '',
  ogDescription: '',
  twitterTitle: '',
  twitterDescription: '',
};

/** What the upload route answered, as the save action takes it. */
export const uploadedImageSchema = z.object({
  publicUrl: z.string().min(1).max(2000),
  image_original_url: z.string().max(2000).nullish(),
  image_thumb_400_url: z.string().max(2000).nullish(),
  image_thumb_800_url: z.string().max(2000).nullish(),
  width: z.number().int().positive().nullish(),
  height: z.number().int().positive().nullish(),
  blurDataUrl: z.string().max(20_000).nullish(),
  checksum: z.string().max(200).nullish(),
});
export type UploadedImage = z.output<typeof uploadedImageSchema>;

/** What a save may say about its image: the id the upload route issued (lib/artworks/admin/pending-uploads.ts). */
export const uploadReferenceSchema = z.object({ uploadId: z.uuid() });
export type UploadReference = z.output<typeof uploadReferenceSchema>;

/**
 * The save action's envelope. `fields` stays unknown here and is parsed with artworkFormSchema
 * inside the action, after authorization, so a failure there still removes the uploaded files.
 */
export const saveArtworkInputSchema = z.object({
  id: z.uuid().optional(),
  fields: z.unknown(),
  image: uploadReferenceSchema.nullish(),
});
export type SaveArtworkInput = { id?: string; fields: ArtworkFormValues; image?: UploadReference | null };

export const deleteArtworkInputSchema = z.object({ id: z.uuid() });
