-- The newsletter (docs/product.md, Newsletter): confirmed subscribers (double opt-in), letters the
-- artist writes and sends from /admin/newsletter, one outbox email per recipient, one-click
-- unsubscribe, and the subscribers' discount on prints at checkout. Everything here stays private:
-- row level security on, nothing granted to anon or authenticated; the server's system connection
-- reads and writes it.

-- Subscribers: each address has one row, pending until its confirmation link is followed.
--   pending       ticked the box; a confirmation email is on its way (or was sent and not followed)
--   confirmed     followed the link (or subscribed under the old form): receives letters, has a code
--   unsubscribed  asked to stop: receives nothing, the code stops; may subscribe again (pending anew)
-- The subscribers from before this migration ticked the box under the old form, whose words
-- (kept in `consent`) agreed to the newsletter: they are kept as confirmed, confirmed when they
-- agreed. No confirmation email is sent to them.
alter table app_private.subscribers
  add column id uuid not null default gen_random_uuid() unique,
  add column status text not null default 'pending' check (status in ('pending', 'confirmed', 'unsubscribed')),
  -- When the box was ticked (the latest time); consented_at stays the time of the words agreed to.
  add column requested_at timestamptz not null default now(),
  add column confirmed_at timestamptz,
  add column unsubscribed_at timestamptz,
  -- The confirmation link's secret: random, works once. Kept after use until it expires, so the
  -- link's page can still show the result and the code; cleared on unsubscribe, replaced by a new email.
  add column confirm_token text unique check (confirm_token is null or char_length(confirm_token) between 32 and 64),
  add column confirm_expires_at timestamptz,
  -- The last confirmation email queued (at most one a day per address).
  add column confirm_sent_at timestamptz,
  -- The secret in every letter's unsubscribe link and List-Unsubscribe header: random, lasting.
  add column unsubscribe_token text not null unique
    default replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')
    check (char_length(unsubscribe_token) between 32 and 64),
  -- The subscriber's discount code, given when they confirm; it works while they are confirmed.
  add column discount_code text unique check (discount_code is null or char_length(discount_code) between 6 and 32),
  -- The address block of the last request (an IPv6 /64, keyed as lib/messages/form-token.ts does), for the limits.
  add column sender_key text check (sender_key is null or char_length(sender_key) <= 64);

update app_private.subscribers
  set status = 'confirmed',
      requested_at = consented_at,
      confirmed_at = consented_at,
      discount_code = 'PRINTS-' || upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 10));

create index subscribers_confirmed on app_private.subscribers (email) where status = 'confirmed';
create index subscribers_sender_requested on app_private.subscribers (sender_key, requested_at) where sender_key is not null;

-- Letters: written in the stories' editor (sanitized HTML, paintings as cards), sent once.
--   draft      being written
--   scheduled  to be sent at send_at
--   sending    its recipients are queued (one newsletter_deliveries row each); the outbox sends them
--   sent       every delivery is sent or given up on; its web version is public at /newsletter/<slug>
create table app_private.newsletter_letters (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique check (char_length(slug) between 1 and 80 and slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  title text not null check (char_length(title) between 1 and 150),
  -- One line under the title in the inbox's preview text and on the web version.
  summary text not null default '' check (char_length(summary) <= 300),
  content text not null default '' check (char_length(content) <= 200000),
  status text not null default 'draft' check (status in ('draft', 'scheduled', 'sending', 'sent')),
  send_at timestamptz,
  started_at timestamptz,
  sent_at timestamptz,
  -- How many deliveries were queued when it started.
  recipients integer not null default 0,
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (status <> 'scheduled' or send_at is not null)
);
create index newsletter_letters_due on app_private.newsletter_letters (send_at) where status = 'scheduled';
create index newsletter_letters_sent on app_private.newsletter_letters (sent_at desc) where status = 'sent';

-- One row per letter and address: the unique key is what keeps a letter from reaching an address
-- twice, however often sending is started or resumed. Its id is the outbox row's message_id.
create table app_private.newsletter_deliveries (
  id uuid primary key default gen_random_uuid(),
  letter_id uuid not null references app_private.newsletter_letters (id) on delete cascade,
  email text not null references app_private.subscribers (email) on delete cascade on update cascade,
  created_at timestamptz not null default now(),
  unique (letter_id, email)
);

-- The newsletter's emails in the one outbox:
--   newsletter-confirm  to a subscriber: follow this link to confirm   (message_id: subscribers.id)
--   newsletter-welcome  to a subscriber: confirmed, here is your code  (message_id: subscribers.id)
--   newsletter-letter   to a subscriber: one letter                    (message_id: newsletter_deliveries.id)
alter table app_private.mail_outbox drop constraint mail_outbox_kind_check;
alter table app_private.mail_outbox add constraint mail_outbox_kind_check check (kind in (
  'visitor-message', 'order-owner', 'order-buyer', 'order-shipped', 'order-refunded-buyer', 'order-refunded-owner',
  'newsletter-confirm', 'newsletter-welcome', 'newsletter-letter'));
alter table app_private.mail_outbox
  add column subscriber_id uuid generated always as
    (case when kind in ('newsletter-confirm', 'newsletter-welcome') then message_id end) stored
    references app_private.subscribers (id) on delete cascade,
  add column delivery_id uuid generated always as (case when kind = 'newsletter-letter' then message_id end) stored
    references app_private.newsletter_deliveries (id) on delete cascade;
create index mail_outbox_subscriber on app_private.mail_outbox (subscriber_id) where subscriber_id is not null;
create index mail_outbox_delivery on app_private.mail_outbox (delivery_id) where delivery_id is not null;
-- Each sender asks for its due rows by kind (a letter queues thousands).
drop index app_private.mail_outbox_due;
create index mail_outbox_due on app_private.mail_outbox (kind, next_attempt_at) where sent_at is null;

-- The subscribers' discount, as the owner sets it on /admin/newsletter.
alter table app_private.site_settings
  add column discount_on boolean not null default true,
  add column discount_percent integer not null default 20 check (discount_percent between 1 and 90),
  add column discount_kinds text[] not null default '{print,card,coaster}'
    check (discount_kinds <@ array['print', 'card', 'coaster', 'gift', 'original']::text[]);

-- A discount on an order: the code used and how much it took off the lines; each line keeps its
-- price before the discount. The amounts sent to the payment provider are the lines' unit_pence.
alter table app_private.orders
  add column discount_code text check (discount_code is null or char_length(discount_code) <= 32),
  add column discount_pence integer not null default 0 check (discount_pence >= 0);
alter table app_private.order_lines
  add column list_unit_pence integer check (list_unit_pence is null or list_unit_pence >= unit_pence);

alter table app_private.newsletter_letters enable row level security;
alter table app_private.newsletter_deliveries enable row level security;
revoke all on app_private.newsletter_letters from public, anon, authenticated;
revoke all on app_private.newsletter_deliveries from public, anon, authenticated;
