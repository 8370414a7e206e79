-- Sign-in that holds under attack, and two-factor sign-in (docs/auth.md). Private schema: only
-- the server's system connection reads or writes these; nothing is exposed through the API.

-- Each guess is recorded before it is tested (lib/auth/throttle.ts): the device cookie it came
-- with, if valid, names the budget it spends; factor says what was guessed.
alter table app_private.login_attempts
  add column device text check (char_length(device) <= 64),
  add column factor text not null default 'password' check (factor in ('password', 'totp', 'recovery'));

create index login_attempts_device_at_idx on app_private.login_attempts (device, at) where device is not null;

-- Authenticator assurance level of a local session: aal2 once the second factor was given. A
-- session of a user with two-factor sign-in on counts only at aal2 (lib/auth/local/sessions.ts).
alter table app_private.sessions
  add column aal text not null default 'aal1' check (aal in ('aal1', 'aal2'));

-- A local user's TOTP secret, encrypted with AES-256-GCM under a key derived from the server
-- key (which is never in the database): 'v1.' then iv, tag and ciphertext, base64url.
-- Unconfirmed (confirmed_at null) until the user has entered a code from it.
create table app_private.totp_factors (
  user_id uuid primary key references auth.users (id) on delete cascade,
  secret_ciphertext text not null check (char_length(secret_ciphertext) <= 256),
  confirmed_at timestamptz,
  -- The last 30-second time step a code was accepted for: no code is accepted twice.
  last_used_step bigint,
  created_at timestamptz not null default now()
);

-- Single-use recovery codes, stored as HMAC-SHA256 under a key derived from the server key.
create table app_private.recovery_codes (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  code_hash text not null check (code_hash ~ '^[0-9a-f]{64}$'),
  used_at timestamptz,
  created_at timestamptz not null default now(),
  constraint recovery_codes_user_code_key unique (user_id, code_hash)
);

alter table app_private.totp_factors enable row level security;
alter table app_private.recovery_codes enable row level security;
revoke all on app_private.totp_factors, app_private.recovery_codes from public, anon, authenticated;
