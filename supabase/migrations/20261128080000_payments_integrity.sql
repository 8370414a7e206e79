-- The shop's money is never wrong (docs/product.md, The money is never wrong): an order is paid
-- only by its own checkout, an original is sold once whatever the payment method, and every event
-- may arrive late, twice or out of order.

-- processing: the buyer completed the checkout with a method that settles later (Bacs Direct
-- Debit, SEPA): what the order holds stays held until the payment succeeds (paid) or fails
-- (expired, everything back).
alter table app_private.orders drop constraint orders_status_check;
alter table app_private.orders add constraint orders_status_check
  check (status in ('pending', 'processing', 'expired', 'paid', 'shipped', 'refunded'));

-- The way back from Stripe carries this secret with the order's id: only the buyer's browser can
-- cancel the checkout or read the email on the thank-you page. Null for orders from before it.
alter table app_private.orders add column return_secret text
  check (return_secret is null or char_length(return_secret) between 16 and 64);
-- Why the site refunded an order itself (a second payment for an original already sold), and the
-- provider's refund once made: a refund not yet made is retried by the catch-up job.
alter table app_private.orders add column refund_reason text check (refund_reason is null or char_length(refund_reason) <= 300);
alter table app_private.orders add column refund_id text check (refund_id is null or char_length(refund_id) <= 255);
create index orders_refund_due on app_private.orders (created_at) where refund_reason is not null and refund_id is null;
drop index app_private.orders_pending_expiry;
create index orders_open on app_private.orders (created_at, id) where status in ('pending', 'processing');

-- A hold with no end: its checkout is complete and its payment not settled yet.
alter table app_private.original_holds alter column expires_at drop not null;

-- Which order an event was about, so a pruned order takes its events with it.
alter table app_private.payment_events add column order_id uuid references app_private.orders (id) on delete cascade;
create index payment_events_order on app_private.payment_events (order_id) where order_id is not null;

-- Refunds by payment, the largest amount seen (events can arrive out of order): one that arrives
-- before its order is settled waits here and is applied when it is.
create table app_private.payment_refunds (
  payment_id text primary key check (char_length(payment_id) <= 255),
  amount_refunded integer not null check (amount_refunded >= 0),
  fully boolean not null default false,
  updated_at timestamptz not null default now()
);

-- Payments that match no order (another session on the same Stripe account naming an order, or
-- one whose amount or currency is not what the order quoted): never applied, kept for the owner to
-- refund in Stripe, shown on /admin/orders until dismissed.
create table app_private.stray_payments (
  checkout_id text primary key check (char_length(checkout_id) <= 255),
  payment_id text check (payment_id is null or char_length(payment_id) <= 255),
  -- The order it named, when it named one.
  order_id uuid references app_private.orders (id) on delete set null,
  amount_pence integer,
  currency text check (currency is null or char_length(currency) <= 10),
  reason text not null check (char_length(reason) <= 300),
  received_at timestamptz not null default now(),
  dismissed_at timestamptz
);

alter table app_private.payment_refunds enable row level security;
alter table app_private.stray_payments enable row level security;
revoke all on app_private.payment_refunds, app_private.stray_payments from public, anon, authenticated;

-- The emails of a refund the site made itself: to the buyer and to the owner.
alter table app_private.mail_outbox drop constraint mail_outbox_kind_check;
alter table app_private.mail_outbox add constraint mail_outbox_kind_check
  check (kind in ('visitor-message', 'order-owner', 'order-buyer', 'order-shipped', 'order-refunded-buyer', 'order-refunded-owner'));
drop index app_private.mail_outbox_order;
alter table app_private.mail_outbox drop column order_id;
alter table app_private.mail_outbox
  add column order_id uuid generated always as (case when kind like 'order-%' then message_id end) stored
    references app_private.orders (id) on delete cascade;
create index mail_outbox_order on app_private.mail_outbox (order_id) where order_id is not null;
