-- Search-engine notification (Sitemap Manager). Every artwork write queues the public paths it
-- added, changed or removed here, inside its own transaction, so a committed write never loses
-- its entry; the next "Generate & Ping" sends them to IndexNow and removes only what IndexNow
-- accepted. One row keeps when the sitemap was last generated and how the last notification
-- went, so the screen shows it across reloads and restarts. Private schema: not exposed through
-- the Supabase API; only admins (app_admin, after requireAdmin) touch either table.

create table app_private.sitemap_changes (
  -- A site path such as /gallery/landscapes/some-slug (absolute URLs are made at send time).
  path text primary key check (char_length(path) between 1 and 2048 and left(path, 1) = '/'),
  -- Re-queuing a path moves this on, so a notification removes only the entries it sent.
  queued_at timestamptz not null default clock_timestamp()
);

alter table app_private.sitemap_changes enable row level security;
revoke all on app_private.sitemap_changes from public, anon, authenticated;
grant select, insert, update, delete on app_private.sitemap_changes to app_admin;

create policy "Admins queue changed addresses" on app_private.sitemap_changes
  for insert to app_admin
  with check ((select app_private.is_admin()));
create policy "Admins re-queue changed addresses" on app_private.sitemap_changes
  for update to app_admin
  using ((select app_private.is_admin()))
  with check ((select app_private.is_admin()));
create policy "Admins see the queued addresses" on app_private.sitemap_changes
  for select to app_admin
  using ((select app_private.is_admin()));
create policy "Admins remove addresses once sent" on app_private.sitemap_changes
  for delete to app_admin
  using ((select app_private.is_admin()));

create table app_private.sitemap_state (
  -- A single row: the key is always true.
  id boolean primary key default true check (id),
  last_generated_at timestamptz,
  last_notified_at timestamptz,
  last_outcome text check (char_length(last_outcome) <= 2000),
  updated_at timestamptz not null default now()
);

alter table app_private.sitemap_state enable row level security;
revoke all on app_private.sitemap_state from public, anon, authenticated;
grant select, insert, update on app_private.sitemap_state to app_admin;

create policy "Admins record sitemap runs" on app_private.sitemap_state
  for insert to app_admin
  with check ((select app_private.is_admin()));
create policy "Admins update the sitemap run record" on app_private.sitemap_state
  for update to app_admin
  using ((select app_private.is_admin()))
  with check ((select app_private.is_admin()));
create policy "Admins see the sitemap run record" on app_private.sitemap_state
  for select to app_admin
  using ((select app_private.is_admin()));
