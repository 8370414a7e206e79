-- Storage buckets for artwork images (Supabase mode).
--   gallery-images     public: display images and thumbnails, served by Supabase's CDN.
--   artwork-originals  private: uploaded originals, which may carry camera and GPS metadata;
--                      never served, reachable only with the service role key.
-- Both limit size (10 MB, the upload limit) and type. No policy is created on storage.objects:
-- nobody can list or read through the API with the anon or a user key; the server uploads and
-- removes with the service role, and public files are read through /object/public/ only.
-- Embedded mode (PGlite) and plain Postgres have no storage schema: there this does nothing.
do $$
begin
  if to_regclass('storage.buckets') is not null then
    insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
    values
      ('gallery-images', 'gallery-images', true, 10485760, array['image/webp', 'image/avif', 'image/jpeg', 'image/png']),
      ('artwork-originals', 'artwork-originals', false, 10485760, array['image/webp', 'image/avif', 'image/jpeg', 'image/png'])
    on conflict (id) do update
      set public = excluded.public,
          file_size_limit = excluded.file_size_limit,
          allowed_mime_types = excluded.allowed_mime_types;
  end if;
end
$$;
