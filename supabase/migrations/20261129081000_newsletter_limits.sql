-- The confirmation emails an address block asked for (lib/newsletter/subscriptions.ts): at most
-- SENDER_CONFIRMATIONS a day from one block (an IPv4 address, or an IPv6 /64, keyed as
-- lib/messages/form-token.ts keys it), so no one sends a stranger's inbox a stream of them by
-- ticking the subscribe box with address after address. One row per email queued, counted over
-- the last day; rows older than a day are deleted as new ones are added. A subscriber row's
-- sender_key is only its latest request, which a later request from elsewhere overwrites, so it
-- cannot count a block's emails by itself. Private, as the subscribers are: the server's system
-- connection alone reads and writes it.
create table app_private.newsletter_confirm_sends (
  id bigint generated always as identity primary key,
  sender_key text not null check (char_length(sender_key) <= 64),
  sent_at timestamptz not null default now()
);
create index newsletter_confirm_sends_sender on app_private.newsletter_confirm_sends (sender_key, sent_at);
create index newsletter_confirm_sends_sent on app_private.newsletter_confirm_sends (sent_at);

alter table app_private.newsletter_confirm_sends enable row level security;
revoke all on app_private.newsletter_confirm_sends from public, anon, authenticated;
