-- Enquiries reach the artist (docs/product.md, Messages): what visitors send through the contact
-- and footer forms, once the owner switches it on, and the addresses that ticked 'Subscribe'.
-- Private schema: no grants and no policies for anon, authenticated or app_admin. The server's
-- system connection writes a visitor's message (the /api/messages route, after its checks) and
-- reads the inbox for the owner after requireAdmin().

-- The owner's site-wide switches: one row.
create table app_private.site_settings (
  id boolean primary key default true check (id),
  -- 'Receive messages from visitors': off on a new site, so the display-only notices stand.
  receive_messages boolean not null default false,
  updated_at timestamptz not null default now()
);
insert into app_private.site_settings default values;

create table app_private.messages (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  -- Which form sent it: the contact page's or the footer's.
  form text not null check (form in ('contact', 'footer')),
  name text not null check (char_length(name) between 1 and 100),
  email text not null check (char_length(email) between 3 and 254),
  subject text not null default '' check (char_length(subject) <= 150),
  body text not null check (char_length(body) between 1 and 5000),
  -- The painting an enquiry is about, by id: a renamed painting keeps its enquiries; a deleted
  -- one leaves the message (its subject still names it).
  artwork_id uuid references public.artworks (id) on delete set null,
  -- inbox, archive or spam; what put it in spam (honeypot, too fast, links, ceiling) or null.
  folder text not null default 'inbox' check (folder in ('inbox', 'archive', 'spam')),
  spam_reason text check (spam_reason is null or char_length(spam_reason) <= 40),
  read_at timestamptz,
  -- A keyed hash of the sender's network address (never the address itself): what the rate
  -- limit counts.
  sender_key text not null check (char_length(sender_key) <= 64)
);
create index messages_folder_created on app_private.messages (folder, created_at desc, id desc);
create index messages_sender_created on app_private.messages (sender_key, created_at);
create index messages_created on app_private.messages (created_at);
create index messages_artwork on app_private.messages (artwork_id, created_at desc) where artwork_id is not null;
create index messages_email on app_private.messages (lower(email));
-- The inbox's new messages (the "1 new" on the dashboard and the admin bar).
create index messages_new on app_private.messages (folder) where read_at is null;

alter table app_private.site_settings enable row level security;
alter table app_private.messages enable row level security;
revoke all on app_private.site_settings from public, anon, authenticated;
revoke all on app_private.messages from public, anon, authenticated;

-- One row per address that ticked the footer's subscribe box, with the words it agreed to.
create table app_private.subscribers (
  -- Lower-cased.
  email text primary key check (char_length(email) between 3 and 254),
  name text not null check (char_length(name) between 1 and 100),
  consent text not null check (char_length(consent) <= 300),
  consented_at timestamptz not null default now()
);
alter table app_private.subscribers enable row level security;
revoke all on app_private.subscribers from public, anon, authenticated;

-- Email to the owner about each message (lib/messages/mail.ts), when SMTP is configured as it
-- arrives: one row per message, written with it; claimed by one sender at a time (claimed_until),
-- marked sent once the SMTP server took it, retried with backoff otherwise. Spam never gets one.
create table app_private.mail_outbox (
  message_id uuid primary key references app_private.messages (id) on delete cascade,
  created_at timestamptz not null default now(),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  claimed_until timestamptz,
  sent_at timestamptz,
  last_error text check (last_error is null or char_length(last_error) <= 500)
);
create index mail_outbox_due on app_private.mail_outbox (next_attempt_at) where sent_at is null;
alter table app_private.mail_outbox enable row level security;
revoke all on app_private.mail_outbox from public, anon, authenticated;
