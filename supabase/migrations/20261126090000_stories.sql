-- The artist writes stories (docs/product.md, Stories): blog posts live here, the six first posts
-- seeded (lib/seed/stories.ts). Visitors read a story once it is published and its publication time
-- has come (a future time is a scheduled story); admins read and write every story. Every column is
-- public once the row is: there is nothing internal in a story.

create table public.stories (
  id uuid primary key default gen_random_uuid(),
  -- New slugs are cut to 58 (lib/slug.ts); two of the seeded slugs are longer.
  slug text not null check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug) <= 100),
  title text not null check (char_length(title) between 1 and 200),
  category text not null default 'Sanctuaries of the Mind'
    check (category in ('Sanctuaries of the Mind', 'Techniques', 'Inspiration')),
  excerpt text not null default '' check (char_length(excerpt) <= 300),
  -- Cleaned HTML (lib/rich-text/sanitize.ts), cleaned again when it is rendered.
  content text not null default '' check (char_length(content) <= 200000),
  -- The cover: the display image, its srcset, its size, and the alt text it must have.
  image_url text check (image_url is null or char_length(image_url) <= 500),
  image_srcset text check (image_srcset is null or char_length(image_srcset) <= 2000),
  image_width integer check (image_width is null or image_width > 0),
  image_height integer check (image_height is null or image_height > 0),
  image_alt text not null default '' check (char_length(image_alt) <= 125),
  meta_title text not null default '' check (char_length(meta_title) <= 70),
  meta_description text not null default '' check (char_length(meta_description) <= 160),
  author text not null default 'Elena Marsh' check (char_length(author) between 1 and 100),
  profile_image text not null default '/images/artist-portrait-400.webp' check (char_length(profile_image) <= 500),
  tags text[] not null default '{}' check (cardinality(tags) <= 20),
  status text not null default 'draft' check (status in ('draft', 'published')),
  -- When it appears on the blog: in the future, the story is scheduled.
  published_at timestamptz,
  -- When its publication reached the public pages and search engines; null while a scheduled
  -- story waits (the stories-due job sets it: lib/stories/due.ts).
  announced_at timestamptz,
  -- Bumped by every save: a save based on an older version is refused (two tabs).
  version integer not null default 1 check (version > 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint stories_slug_key unique (slug),
  constraint stories_published_have_a_time check (status = 'draft' or published_at is not null)
);

create index stories_published on public.stories (published_at desc) where status = 'published';
create index stories_updated on public.stories (updated_at desc);
create index stories_due on public.stories (published_at) where status = 'published' and announced_at is null;

revoke all on public.stories from anon, authenticated;
grant select on public.stories to anon, authenticated;
grant insert, update, delete on public.stories to authenticated;
grant all on public.stories to service_role;

alter table public.stories enable row level security;

create policy "Visitors read published stories whose time has come" on public.stories
  for select to anon
  using (status = 'published' and published_at <= now());
create policy "Signed-in users read published stories, admins every story" on public.stories
  for select to authenticated
  using ((status = 'published' and published_at <= now()) or (select app_private.is_admin()));
create policy "Admins can add stories" on public.stories
  for insert to authenticated with check ((select app_private.is_admin()));
create policy "Admins can change stories" on public.stories
  for update to authenticated using ((select app_private.is_admin())) with check ((select app_private.is_admin()));
create policy "Admins can delete stories" on public.stories
  for delete to authenticated using ((select app_private.is_admin()));

