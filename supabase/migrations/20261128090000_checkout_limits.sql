-- Checkouts per visitor (lib/shop/checkout-limits.ts): each open checkout holds stock or an
-- original and a session at Stripe, so one visitor may have at most a few open at once and a few
-- dozen an hour. A visitor is an address block (an IPv4 address, or an IPv6 /64), recorded on the
-- order it opened; orders from before have none and count for no one. RLS and grants stay as
-- they are: orders are read and written only by the server's system connection.
alter table app_private.orders
  add column visitor_block text check (visitor_block is null or char_length(visitor_block) <= 64);

-- The checkouts a block opened in the last hour.
create index orders_visitor_created on app_private.orders (visitor_block, created_at) where visitor_block is not null;
-- The checkouts a block has open: pending, or being paid, until they expire.
create index orders_visitor_open on app_private.orders (visitor_block, checkout_expires_at) where status in ('pending', 'processing');
