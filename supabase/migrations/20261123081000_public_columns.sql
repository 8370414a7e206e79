-- The public data boundary (docs/product.md, Roles and permissions): visitors and signed-in
-- non-admins read only the public columns of published artworks. The internal ones (ai_notes, the
-- original's key, previous_content, social_media_content, sku, the checksum, last_ai_generated_at)
-- are for admins only, in the grants as well as in the code: selecting one as anon or authenticated
-- is refused (42501), through PostgREST and through the app alike.
--
-- Column privileges belong to roles, and every signed-in user is `authenticated`, so admins
-- read through a role of their own: app_admin, a member of authenticated (same policies, same
-- grants) that may also select the internal columns. The server switches into it only after
-- requireAdmin() (lib/db/roles.ts asAdmin), and the row policies still check is_admin(), so the
-- role alone shows a non-admin nothing more. The public column list is named once here; the
-- app's copy (lib/artworks/queries.ts publicArtworkColumns) is checked against it by
-- lib/db/public-columns.test.ts.

do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'app_admin') then
    create role app_admin nologin inherit;
  end if;
end
$$;
grant authenticated to app_admin;
-- The server's connection switches into app_admin per transaction, as into the API roles.
grant app_admin to current_user;

revoke select on public.artworks from anon, authenticated;
grant select (
  id, title, slug, description, story, category, price, currency, is_for_sale, store_url,
  availability, edition_size, edition_number, formats_available, framed, width_mm, height_mm,
  year, medium, tags, image_url, image_alt, image_thumb_400_url, image_thumb_800_url,
  image_width, image_height, image_blur_data_url, status, published_at, is_archived, position,
  seo_title, seo_description, meta_title, meta_description, keywords, og_title, og_description,
  og_image_url, og_data, twitter_title, twitter_description, schema_json,
  long_story_description, related_links, created_at, updated_at, search
) on public.artworks to anon, authenticated;
grant select on public.artworks to app_admin;
