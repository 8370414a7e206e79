-- One outbox for every email the site sends (lib/messages/mail.ts): the owner's email about a
-- visitor's message, as before, and the shop's order emails (docs/product.md, Orders). Each row
-- is one email: what kind it is and the id of what it is about (the message, or the order), so an
-- email is queued once however often its cause is replayed.
--   visitor-message  to the owner: a visitor's message            (message_id: app_private.messages)
--   order-owner      to the owner: a new paid order               (message_id: app_private.orders)
--   order-buyer      to the buyer: thank you, what they bought    (message_id: app_private.orders)
--   order-shipped    to the buyer: it has shipped                 (message_id: app_private.orders)
-- Still private: row level security on, nothing granted to anon or authenticated.

alter table app_private.mail_outbox add column kind text not null default 'visitor-message'
  check (kind in ('visitor-message', 'order-owner', 'order-buyer', 'order-shipped'));
-- Every writer says which kind from now on.
alter table app_private.mail_outbox alter column kind drop default;

alter table app_private.mail_outbox drop constraint mail_outbox_message_id_fkey;
alter table app_private.mail_outbox drop constraint mail_outbox_pkey;
alter table app_private.mail_outbox add constraint mail_outbox_pkey primary key (kind, message_id);

-- What each email is about, by kind, so deleting the message or the order still takes its emails
-- with it (a deleted message is never emailed about; emptying the tables in a test empties these).
alter table app_private.mail_outbox
  add column visitor_message_id uuid generated always as (case when kind = 'visitor-message' then message_id end) stored
    references app_private.messages (id) on delete cascade,
  add column order_id uuid generated always as (case when kind in ('order-owner', 'order-buyer', 'order-shipped') then message_id end) stored
    references app_private.orders (id) on delete cascade;
create index mail_outbox_visitor_message on app_private.mail_outbox (visitor_message_id) where visitor_message_id is not null;
create index mail_outbox_order on app_private.mail_outbox (order_id) where order_id is not null;

alter table app_private.mail_outbox enable row level security;
revoke all on app_private.mail_outbox from public, anon, authenticated;

-- Mark as shipped takes a carrier of up to 80 characters and a tracking number of up to 120.
alter table app_private.orders drop constraint orders_carrier_check;
alter table app_private.orders drop constraint orders_tracking_check;
alter table app_private.orders
  add constraint orders_carrier_check check (carrier is null or char_length(carrier) <= 80),
  add constraint orders_tracking_check check (tracking is null or char_length(tracking) <= 120);
