-- Upload references the server issued. The upload route records what it stored here and hands
-- the browser only this row's id; the save action accepts nothing else, takes the image's URLs
-- from the row (consuming it, so a reference works once), and removes only the files of that
-- row when it fails. A browser can no longer name an arbitrary URL as an artwork's image, nor
-- make a failed save delete files that are not its own. Rows older than their expiry are swept
-- with their files by the next upload.

create table app_private.pending_uploads (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  -- The stored image as the upload route answered it (URLs, size, placeholder, checksum).
  image jsonb not null check (octet_length(image::text) <= 32768),
  -- Every stored file of this upload, public URLs and the private original's reference.
  files text[] not null check (cardinality(files) between 1 and 8),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '1 hour'
);

create index pending_uploads_user_expires_idx on app_private.pending_uploads (user_id, expires_at);

alter table app_private.pending_uploads enable row level security;
revoke all on app_private.pending_uploads from public, anon, authenticated;
grant select, insert, delete on app_private.pending_uploads to app_admin;

create policy "Admins record their own uploads" on app_private.pending_uploads
  for insert to app_admin
  with check (user_id = (select auth.uid()) and (select app_private.is_admin()));
create policy "Admins see their own uploads" on app_private.pending_uploads
  for select to app_admin
  using (user_id = (select auth.uid()) and (select app_private.is_admin()));
create policy "Admins consume their own uploads" on app_private.pending_uploads
  for delete to app_admin
  using (user_id = (select auth.uid()) and (select app_private.is_admin()));
