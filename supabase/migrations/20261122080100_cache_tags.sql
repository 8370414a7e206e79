-- Durable, shared cache invalidation: when a tag of Next's cache was last invalidated.
-- Every server consults it before serving a cached page, so a write is honoured after a
-- restart and by every instance. Private schema: not exposed through the Supabase API.

create schema if not exists app_private;
revoke all on schema app_private from public;

create table app_private.cache_tags (
  tag text primary key check (char_length(tag) <= 300),
  -- Milliseconds since the epoch, as Next's cache handlers count time.
  expired_at bigint not null default 0,
  stale_at bigint not null default 0,
  updated_at timestamptz not null default now()
);

alter table app_private.cache_tags enable row level security;
revoke all on app_private.cache_tags from public;
-- No policies and no grants for anon or authenticated: only the server's system connection
-- (a named system task: cache invalidation) reads and writes it.
