-- Supabase's Security Advisor (the open-source splinter lints) clean:
--   0028/0029: SECURITY DEFINER functions in an exposed schema are callable by anyone holding
--     the anon key through /rest/v1/rpc. is_admin() and published_artwork_count() move to
--     app_private, which the API does not expose; policies refer to functions by identity, so
--     they follow the move. Both stay executable by anon and authenticated, which policies and
--     the public gallery count need.
--   0006: one permissive policy per role and action on artworks and profiles.
-- lib/db/advisor.test.ts runs the lints against the migrated schema on a PostgreSQL server.

alter function public.is_admin() set schema app_private;
alter function public.published_artwork_count(text) set schema app_private;
grant usage on schema app_private to anon, authenticated, service_role;

drop policy "Visitors can read published artworks" on public.artworks;
drop policy "Admins can read every artwork" on public.artworks;
create policy "Visitors can read published artworks" on public.artworks
  for select to anon
  using (status = 'published' and is_archived = false);
create policy "Signed-in users read published artworks, admins every artwork" on public.artworks
  for select to authenticated
  using ((status = 'published' and is_archived = false) or (select app_private.is_admin()));

drop policy "Users can read their own profile" on public.profiles;
drop policy "Admins can read every profile" on public.profiles;
create policy "Users read their own profile, admins every profile" on public.profiles
  for select to authenticated
  using (user_id = (select auth.uid()) or (select app_private.is_admin()));
