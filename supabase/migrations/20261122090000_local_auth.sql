-- Local auth (embedded mode, or DATABASE_URL without Supabase): server-side sessions and the
-- sign-in attempts that throttling counts. Kept in the database, not in a server's memory, so
-- sessions and limits hold across restarts and across every server. Private schema: not exposed
-- through the Supabase API. In Supabase mode the sessions table stays empty (Supabase Auth keeps
-- its own), while login_attempts still throttles the sign-in form.

create schema if not exists app_private;
revoke all on schema app_private from public;

create table app_private.sessions (
  id uuid primary key default gen_random_uuid(),
  -- SHA-256 (hex) of the opaque cookie token; the token itself is never stored.
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  last_seen_at timestamptz not null default now(),
  user_agent text check (char_length(user_agent) <= 512),
  ip text check (char_length(ip) <= 64),
  constraint sessions_expire_after_creation check (expires_at > created_at)
);

create index sessions_user_id_idx on app_private.sessions (user_id);
create index sessions_expires_at_idx on app_private.sessions (expires_at);

create table app_private.login_attempts (
  id bigint generated always as identity primary key,
  -- The account as typed (lower-cased), whether or not it exists.
  email text not null check (char_length(email) <= 320),
  -- The client address, or 'unknown' when no proxy header names it.
  ip text not null check (char_length(ip) <= 64),
  at timestamptz not null default now(),
  success boolean not null
);

create index login_attempts_email_at_idx on app_private.login_attempts (email, at);
create index login_attempts_ip_at_idx on app_private.login_attempts (ip, at);

alter table app_private.sessions enable row level security;
alter table app_private.login_attempts enable row level security;
revoke all on app_private.sessions, app_private.login_attempts from public, anon, authenticated;
-- No policies and no grants for anon or authenticated: only the server's system connection (the
-- named system task 'auth') reads and writes them.
