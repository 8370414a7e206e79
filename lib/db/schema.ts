import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  integer,
  jsonb,
  numeric,
  pgSchema,
  pgTable,
  pgView,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';

import { storyCategories } from '@/lib/categories';

/**
 * Drizzle's view of the tables that supabase/migrations creates. The SQL migrations are the
 * source of truth (policies, grants, triggers); this file only types the queries, so a column
 * added there is added here too.
 */

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

const authSchema = pgSchema('auth');
const appPrivate = pgSchema('app_private');

export const authUsers = authSchema.table('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email'),
  encryptedPassword: text('encrypted_password'),
  emailConfirmedAt: timestamptz('email_confirmed_at'),
  lastSignInAt: timestamptz('last_sign_in_at'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

export const profiles = pgTable('profiles', {
  userId: uuid('user_id').primaryKey(),
  isAdmin: boolean('is_admin').notNull().default(false),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export const artworks = pgTable('artworks', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  slug: text('slug').notNull().unique(),
  description: text('description'),
  story: text('story'),
  category: text('category'),
  price: text('price'),
  currency: text('currency').notNull().default('GBP'),
  isForSale: boolean('is_for_sale').notNull().default(true),
  storeUrl: text('store_url'),
  availability: text('availability'),
  sku: text('sku'),
  editionSize: integer('edition_size'),
  editionNumber: integer('edition_number'),
  formatsAvailable: text('formats_available')
    .array()
    .notNull()
    .default(sql`'{}'`),
  framed: boolean('framed').notNull().default(false),
  widthMm: numeric('width_mm', { precision: 8, scale: 1, mode: 'number' }),
  heightMm: numeric('height_mm', { precision: 8, scale: 1, mode: 'number' }),
  year: integer('year'),
  medium: text('medium'),
  tags: text('tags')
    .array()
    .notNull()
    .default(sql`'{}'`),
  imageUrl: text('image_url'),
  imageAlt: text('image_alt'),
  imageThumb400Url: text('image_thumb_400_url'),
  imageThumb800Url: text('image_thumb_800_url'),
  imageOriginalUrl: text('image_original_url'),
  imageChecksum: text('image_checksum'),
  imageWidth: integer('image_width'),
  imageHeight: integer('image_height'),
  imageBlurDataUrl: text('image_blur_data_url'),
  status: text('status', { enum: ['draft', 'published'] })
    .notNull()
    .default('published'),
  publishedAt: timestamptz('published_at'),
  isArchived: boolean('is_archived').notNull().default(false),
  position: integer('position'),
  seoTitle: text('seo_title'),
  seoDescription: text('seo_description'),
  metaTitle: text('meta_title'),
  metaDescription: text('meta_description'),
  keywords: text('keywords')
    .array()
    .notNull()
    .default(sql`'{}'`),
  ogTitle: text('og_title'),
  ogDescription: text('og_description'),
  ogImageUrl: text('og_image_url'),
  ogData: jsonb('og_data'),
  twitterTitle: text('twitter_title'),
  twitterDescription: text('twitter_description'),
  schemaJson: jsonb('schema_json'),
  longStoryDescription: text('long_story_description'),
  relatedLinks: jsonb('related_links'),
  previousContent: jsonb('previous_content'),
  socialMediaContent: jsonb('social_media_content'),
  aiNotes: text('ai_notes'),
  lastAiGeneratedAt: timestamptz('last_ai_generated_at'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  search: tsvector('search'),
});

export const redirects = pgTable('redirects', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  sourcePath: text('source_path').notNull().unique(),
  destinationPath: text('destination_path').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export const stories = pgTable('stories', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  category: text('category', { enum: storyCategories }).notNull().default('Sanctuaries of the Mind'),
  excerpt: text('excerpt').notNull().default(''),
  content: text('content').notNull().default(''),
  imageUrl: text('image_url'),
  imageSrcset: text('image_srcset'),
  imageWidth: integer('image_width'),
  imageHeight: integer('image_height'),
  imageAlt: text('image_alt').notNull().default(''),
  metaTitle: text('meta_title').notNull().default(''),
  metaDescription: text('meta_description').notNull().default(''),
  author: text('author').notNull().default('Elena Marsh'),
  profileImage: text('profile_image').notNull().default('/images/artist-portrait-400.webp'),
  tags: text('tags')
    .array()
    .notNull()
    .default(sql`'{}'`),
  status: text('status', { enum: ['draft', 'published'] })
    .notNull()
    .default('draft'),
  publishedAt: timestamptz('published_at'),
  announcedAt: timestamptz('announced_at'),
  version: integer('version').notNull().default(1),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

export type StoryRow = typeof stories.$inferSelect;
export type NewStoryRow = typeof stories.$inferInsert;

export const logLevels = ['debug', 'info', 'warn', 'error', 'fatal'] as const;

export const logsApp = pgTable('logs_app', {
  id: uuid('id').primaryKey().defaultRandom(),
  ts: timestamptz('ts').notNull().defaultNow(),
  level: text('level', { enum: logLevels }).notNull().default('info'),
  type: text('type'),
  feature: text('feature'),
  message: text('message').notNull(),
  correlationId: text('correlation_id'),
  url: text('url'),
  method: text('method'),
  status: integer('status'),
  userId: uuid('user_id'),
  meta: jsonb('meta'),
});

export const logsAiRetrofit = pgTable('logs_ai_retrofit', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  artworkId: uuid('artwork_id'),
  functionName: text('function_name').notNull(),
  errorMessage: text('error_message').notNull(),
});

export const debugNow = pgView('debug_now', { serverTime: timestamptz('server_time') }).existing();

export const cacheTags = appPrivate.table('cache_tags', {
  tag: text('tag').primaryKey(),
  expiredAt: bigint('expired_at', { mode: 'number' }).notNull().default(0),
  staleAt: bigint('stale_at', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

export type ArtworkRow = typeof artworks.$inferSelect;
export type NewArtworkRow = typeof artworks.$inferInsert;

// Local auth (supabase/migrations/20261122090000_local_auth.sql, 20261123090000_sign_in_devices_
// two_factor.sql): server-side sessions, sign-in attempts and second factors, touched only by the
// server's system connection.
export const sessions = appPrivate.table('sessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  tokenHash: text('token_hash').notNull().unique(),
  userId: uuid('user_id').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  expiresAt: timestamptz('expires_at').notNull(),
  lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
  userAgent: text('user_agent'),
  ip: text('ip'),
  aal: text('aal').$type<'aal1' | 'aal2'>().notNull().default('aal1'),
});

export const loginAttempts = appPrivate.table('login_attempts', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  email: text('email').notNull(),
  /** The client's address block (lib/http/address-block.ts), the address budget's key. */
  ip: text('ip').notNull(),
  at: timestamptz('at').notNull().defaultNow(),
  success: boolean('success').notNull(),
  device: text('device'),
  factor: text('factor').$type<'password' | 'totp' | 'recovery'>().notNull().default('password'),
});

export const totpFactors = appPrivate.table('totp_factors', {
  userId: uuid('user_id').primaryKey(),
  secretCiphertext: text('secret_ciphertext').notNull(),
  confirmedAt: timestamptz('confirmed_at'),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export const recoveryCodes = appPrivate.table('recovery_codes', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: uuid('user_id').notNull(),
  codeHash: text('code_hash').notNull(),
  usedAt: timestamptz('used_at'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/** Upload references the server issued (migration pending_uploads): the save action consumes one. */
export const pendingUploads = appPrivate.table('pending_uploads', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  image: jsonb('image').notNull().$type<Record<string, unknown>>(),
  files: text('files').array().notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  expiresAt: timestamptz('expires_at')
    .notNull()
    .default(sql`now() + interval '1 hour'`),
});

// Search-engine notification (migration sitemap_notifications): paths queued by artwork writes,
// and the single row recording the last sitemap run. Admins only.
export const sitemapChanges = appPrivate.table('sitemap_changes', {
  path: text('path').primaryKey(),
  queuedAt: timestamptz('queued_at')
    .notNull()
    .default(sql`clock_timestamp()`),
});

export const sitemapState = appPrivate.table('sitemap_state', {
  id: boolean('id').primaryKey().default(true),
  lastGeneratedAt: timestamptz('last_generated_at'),
  lastNotifiedAt: timestamptz('last_notified_at'),
  lastOutcome: text('last_outcome'),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

// Insights (migrations insights_daily, insights_monthly): daily totals of page views,
// referrers, devices and web-vital histograms; artworks' views, enquiries and shares in tables of
// their own; the same per month. System task only.
export const insightsDaily = appPrivate.table('insights_daily', {
  day: date('day', { mode: 'string' }).notNull(),
  kind: text('kind', { enum: ['view', 'referrer', 'device', 'vital'] }).notNull(),
  subject: text('subject').notNull(),
  metric: text('metric').notNull().default(''),
  count: bigint('count', { mode: 'number' }).notNull().default(0),
  buckets: integer('buckets').array(),
});

/** The same totals per month (migration insights_monthly; `month` is the month's first day): what a long range reads. */
export const insightsMonthly = appPrivate.table('insights_monthly', {
  month: date('month', { mode: 'string' }).notNull(),
  kind: text('kind', { enum: ['view', 'referrer', 'device', 'vital'] }).notNull(),
  subject: text('subject').notNull(),
  metric: text('metric').notNull().default(''),
  count: bigint('count', { mode: 'number' }).notNull().default(0),
  buckets: integer('buckets').array(),
});

/** A day's views, 'Enquire to Purchase' clicks and shares of one artwork, by id (migration insights_monthly). */
export const insightsArtworksDaily = appPrivate.table('insights_artworks_daily', {
  day: date('day', { mode: 'string' }).notNull(),
  artworkId: uuid('artwork_id').notNull(),
  views: integer('views').notNull().default(0),
  enquiries: integer('enquiries').notNull().default(0),
  shares: integer('shares').notNull().default(0),
});

/** The same per month (`month` is the month's first day). */
export const insightsArtworksMonthly = appPrivate.table('insights_artworks_monthly', {
  month: date('month', { mode: 'string' }).notNull(),
  artworkId: uuid('artwork_id').notNull(),
  views: integer('views').notNull().default(0),
  enquiries: integer('enquiries').notNull().default(0),
  shares: integer('shares').notNull().default(0),
});

/** First-run setup links (migration setup_tokens): the token's hash, one hour, single use. System task only. */
export const setupTokens = appPrivate.table('setup_tokens', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  expiresAt: timestamptz('expires_at').notNull(),
  usedAt: timestamptz('used_at'),
});

export const siteSettings = appPrivate.table('site_settings', {
  id: boolean('id').primaryKey().default(true),
  receiveMessages: boolean('receive_messages').notNull().default(false),
  shopOpen: boolean('shop_open').notNull().default(false),
  /** The subscribers' discount (supabase/migrations/20261129080000_newsletter.sql). */
  discountOn: boolean('discount_on').notNull().default(true),
  discountPercent: integer('discount_percent').notNull().default(20),
  discountKinds: text('discount_kinds')
    .array()
    .notNull()
    .default(sql`'{print,card,coaster}'`),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

export const messageForms = ['contact', 'footer'] as const;
export const messageFolders = ['inbox', 'archive', 'spam'] as const;

export const messages = appPrivate.table('messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  form: text('form', { enum: messageForms }).notNull(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull().default(''),
  body: text('body').notNull(),
  artworkId: uuid('artwork_id'),
  folder: text('folder', { enum: messageFolders }).notNull().default('inbox'),
  spamReason: text('spam_reason'),
  readAt: timestamptz('read_at'),
  senderKey: text('sender_key').notNull(),
});

export const subscriberStatuses = ['pending', 'confirmed', 'unsubscribed'] as const;

/** Newsletter subscribers (supabase/migrations/20261129080000_newsletter.sql): one row per address, confirmed by link. */
export const subscribers = appPrivate.table('subscribers', {
  email: text('email').primaryKey(),
  name: text('name').notNull(),
  consent: text('consent').notNull(),
  consentedAt: timestamptz('consented_at').notNull().defaultNow(),
  id: uuid('id').notNull().unique().defaultRandom(),
  status: text('status', { enum: subscriberStatuses }).notNull().default('pending'),
  requestedAt: timestamptz('requested_at').notNull().defaultNow(),
  confirmedAt: timestamptz('confirmed_at'),
  unsubscribedAt: timestamptz('unsubscribed_at'),
  confirmToken: text('confirm_token').unique(),
  confirmExpiresAt: timestamptz('confirm_expires_at'),
  confirmSentAt: timestamptz('confirm_sent_at'),
  unsubscribeToken: text('unsubscribe_token')
    .notNull()
    .unique()
    .default(sql`replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')`),
  discountCode: text('discount_code').unique(),
  senderKey: text('sender_key'),
});

export type SubscriberRow = typeof subscribers.$inferSelect;

/** One row per confirmation email an address block asked for (migration newsletter_limits): the daily limit per block. */
export const newsletterConfirmSends = appPrivate.table('newsletter_confirm_sends', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  senderKey: text('sender_key').notNull(),
  sentAt: timestamptz('sent_at').notNull().defaultNow(),
});

export const letterStatuses = ['draft', 'scheduled', 'sending', 'sent'] as const;

/** Newsletter letters: written in the stories' editor, sent once, then public at /newsletter/<slug>. */
export const newsletterLetters = appPrivate.table('newsletter_letters', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  summary: text('summary').notNull().default(''),
  content: text('content').notNull().default(''),
  status: text('status', { enum: letterStatuses }).notNull().default('draft'),
  sendAt: timestamptz('send_at'),
  startedAt: timestamptz('started_at'),
  sentAt: timestamptz('sent_at'),
  recipients: integer('recipients').notNull().default(0),
  version: integer('version').notNull().default(1),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

export type LetterRow = typeof newsletterLetters.$inferSelect;

/** One per letter and address (unique): its id is the outbox row's message_id for kind newsletter-letter. */
export const newsletterDeliveries = appPrivate.table(
  'newsletter_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    letterId: uuid('letter_id').notNull(),
    email: text('email').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [unique().on(table.letterId, table.email)],
);

/** What each outbox email is (supabase/migrations/20261127090000_outbox_kinds.sql); `messageId` is the id of what it is about. */
export const mailKinds = [
  'visitor-message',
  'order-owner',
  'order-buyer',
  'order-shipped',
  'order-refunded-buyer',
  'order-refunded-owner',
  'newsletter-confirm',
  'newsletter-welcome',
  'newsletter-letter',
] as const;

export const mailOutbox = appPrivate.table(
  'mail_outbox',
  {
    kind: text('kind', { enum: mailKinds }).notNull(),
    messageId: uuid('message_id').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    claimedUntil: timestamptz('claimed_until'),
    sentAt: timestamptz('sent_at'),
    lastError: text('last_error'),
    // Generated from kind and message_id, for the cascades: never written.
    visitorMessageId: uuid('visitor_message_id').generatedAlwaysAs(
      sql`case when kind = 'visitor-message' then message_id end`,
    ),
    orderId: uuid('order_id').generatedAlwaysAs(sql`case when kind like 'order-%' then message_id end`),
    subscriberId: uuid('subscriber_id').generatedAlwaysAs(
      sql`case when kind in ('newsletter-confirm', 'newsletter-welcome') then message_id end`,
    ),
    deliveryId: uuid('delivery_id').generatedAlwaysAs(sql`case when kind = 'newsletter-letter' then message_id end`),
  },
  (table) => [primaryKey({ columns: [table.kind, table.messageId] })],
);

// The shop (supabase/migrations/20261127080000_shop.sql).
export const productKinds = ['print', 'card', 'coaster', 'gift'] as const;
export const weightClasses = ['letter', 'small', 'large'] as const;
export const shippingZones = ['uk', 'europe', 'world'] as const;
export const orderStatuses = ['pending', 'processing', 'expired', 'paid', 'shipped', 'refunded'] as const;

export const products = appPrivate.table('products', {
  id: uuid('id').primaryKey().defaultRandom(),
  kind: text('kind', { enum: productKinds }).notNull(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  artworkId: uuid('artwork_id'),
  archived: boolean('archived').notNull().default(false),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

export const productVariants = appPrivate.table('product_variants', {
  id: uuid('id').primaryKey().defaultRandom(),
  productId: uuid('product_id').notNull(),
  label: text('label').notNull(),
  sku: text('sku').unique(),
  pricePence: integer('price_pence').notNull(),
  stock: integer('stock'),
  weightClass: text('weight_class', { enum: weightClasses }).notNull().default('small'),
  archived: boolean('archived').notNull().default(false),
  position: integer('position').notNull().default(0),
});

export const shippingRates = appPrivate.table('shipping_rates', {
  zone: text('zone', { enum: shippingZones }).notNull(),
  weightClass: text('weight_class', { enum: weightClasses }).notNull(),
  amountPence: integer('amount_pence').notNull(),
});

export type ShippingAddress = {
  name: string | null;
  line1: string | null;
  line2: string | null;
  city: string | null;
  postalCode: string | null;
  state: string | null;
  country: string | null;
};

export const orders = appPrivate.table('orders', {
  id: uuid('id').primaryKey().defaultRandom(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  status: text('status', { enum: orderStatuses }).notNull().default('pending'),
  checkoutId: text('checkout_id').unique(),
  checkoutExpiresAt: timestamptz('checkout_expires_at').notNull(),
  subtotalPence: integer('subtotal_pence').notNull(),
  shippingPence: integer('shipping_pence'),
  totalPence: integer('total_pence'),
  refundedPence: integer('refunded_pence').notNull().default(0),
  paymentId: text('payment_id'),
  email: text('email'),
  name: text('name'),
  shippingAddress: jsonb('shipping_address').$type<ShippingAddress>(),
  paidAt: timestamptz('paid_at'),
  shippedAt: timestamptz('shipped_at'),
  carrier: text('carrier'),
  tracking: text('tracking'),
  returnSecret: text('return_secret'),
  refundReason: text('refund_reason'),
  refundId: text('refund_id'),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  /** The address block the checkout came from, for its limits (supabase/migrations/20261128090000_checkout_limits.sql). */
  visitorBlock: text('visitor_block'),
  /** The subscriber's code, when one was used, and what it took off (supabase/migrations/20261129080000_newsletter.sql). */
  discountCode: text('discount_code'),
  discountPence: integer('discount_pence').notNull().default(0),
});

export const orderLines = appPrivate.table('order_lines', {
  id: uuid('id').primaryKey().defaultRandom(),
  orderId: uuid('order_id').notNull(),
  artworkId: uuid('artwork_id'),
  variantId: uuid('variant_id'),
  title: text('title').notNull(),
  unitPence: integer('unit_pence').notNull(),
  quantity: integer('quantity').notNull(),
  original: boolean('original').notNull().default(false),
  /** The price of one before a discount; null when none applied (unit_pence is what was charged). */
  listUnitPence: integer('list_unit_pence'),
});

export const originalHolds = appPrivate.table('original_holds', {
  artworkId: uuid('artwork_id').primaryKey(),
  orderId: uuid('order_id').notNull(),
  /** Null: its checkout is complete and the payment not settled yet; held until it is. */
  expiresAt: timestamptz('expires_at'),
});

export const originalsSold = appPrivate.table('originals_sold', {
  artworkId: uuid('artwork_id').primaryKey(),
  orderId: uuid('order_id').notNull(),
  soldAt: timestamptz('sold_at').notNull().defaultNow(),
});

export const paymentEvents = appPrivate.table('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamptz('received_at').notNull().defaultNow(),
  orderId: uuid('order_id'),
});

export const paymentRefunds = appPrivate.table('payment_refunds', {
  paymentId: text('payment_id').primaryKey(),
  amountRefunded: integer('amount_refunded').notNull(),
  fully: boolean('fully').notNull().default(false),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

export const strayPayments = appPrivate.table('stray_payments', {
  checkoutId: text('checkout_id').primaryKey(),
  paymentId: text('payment_id'),
  orderId: uuid('order_id'),
  amountPence: integer('amount_pence'),
  currency: text('currency'),
  reason: text('reason').notNull(),
  receivedAt: timestamptz('received_at').notNull().defaultNow(),
  dismissedAt: timestamptz('dismissed_at'),
});
