-- Wrong discount codes tried at the basket (lib/newsletter/discount.ts): a visitor (an address
-- block: an IPv4 address, or an IPv6 /64, kept as a keyed hash as the orders keep theirs) may try
-- at most 10 wrong codes an hour, so subscribers' codes cannot be found by guessing. A row is one
-- wrong try; rows older than the hour are deleted as new ones come. Private: row level security
-- on, nothing granted; the server's system connection reads and writes it.
create table app_private.discount_tries (
  id bigint generated always as identity primary key,
  visitor_block text not null check (char_length(visitor_block) <= 64),
  tried_at timestamptz not null default now()
);
create index discount_tries_visitor on app_private.discount_tries (visitor_block, tried_at);
create index discount_tries_at on app_private.discount_tries (tried_at);

alter table app_private.discount_tries enable row level security;
revoke all on app_private.discount_tries from public, anon, authenticated;
