-- First-run setup link. On a fresh install with local auth, no admin and no ADMIN_EMAIL, the
-- server prints a one-time link (/admin/setup?token=…) to its console at start. Only the
-- token's SHA-256 is kept here; the link works for one hour and once: the setup marks the row
-- used in the same transaction that creates the admin. Once any admin exists, no token works.

create table app_private.setup_tokens (
  id bigint generated always as identity primary key,
  -- SHA-256 (hex) of the token in the printed link; the token itself is never stored.
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  check (expires_at > created_at)
);

alter table app_private.setup_tokens enable row level security;
revoke all on app_private.setup_tokens from public, anon, authenticated;
-- No policies and no grants for anon, authenticated or app_admin: only the server's system
-- connection (the named system task 'bootstrap') issues and consumes setup tokens.
