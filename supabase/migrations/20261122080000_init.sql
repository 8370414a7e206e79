-- Schema of the watercolour site: artworks, profiles, redirects, logs, the debug view.
-- Runs unchanged on Supabase (supabase db push) and, after supabase/shim, on PGlite or any
-- Postgres server. Security model: grants are revoked first, then given back per role, and
-- row-level security is on for every table.

-- ---------------------------------------------------------------------------------------------
-- Helpers
-- ---------------------------------------------------------------------------------------------

-- array_to_string is only stable; a generated search column needs an immutable expression.
create or replace function public.immutable_array_to_string(value text[])
returns text
language sql immutable parallel safe
set search_path = ''
as $$ select coalesce(pg_catalog.array_to_string(value, ' '), '') $$;

create or replace function public.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Profiles (one per auth user) and the admin check
-- ---------------------------------------------------------------------------------------------

create table public.profiles (
  user_id uuid primary key references auth.users (id) on delete cascade,
  is_admin boolean not null default false,
  created_at timestamptz not null default now()
);

-- Security definer so that policies can ask without granting anyone read access to profiles;
-- an absent profile counts as not admin.
create or replace function public.is_admin()
returns boolean
language sql stable security definer
set search_path = ''
as $$
  select coalesce(
    (select p.is_admin from public.profiles p where p.user_id = (select auth.uid())),
    false
  )
$$;

create or replace function public.handle_new_user()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  insert into public.profiles (user_id) values (new.id) on conflict (user_id) do nothing;
  return new;
end
$$;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function public.handle_new_user();

-- ---------------------------------------------------------------------------------------------
-- Artworks
-- ---------------------------------------------------------------------------------------------

create table public.artworks (
  id uuid primary key default gen_random_uuid(),
  title text not null check (char_length(btrim(title)) between 1 and 200),
  slug text not null,
  description text,
  story text,
  category text check (category in ('Sanctuaries of the Mind', 'Landscapes', 'Seascapes', 'Animals', 'Florals', 'Buildings')),
  price text check (char_length(price) <= 60),
  currency text not null default 'GBP' check (currency ~ '^[A-Z]{3}$'),
  is_for_sale boolean not null default true,
  store_url text,
  availability text,
  sku text,
  edition_size integer check (edition_size > 0),
  edition_number integer check (edition_number > 0),
  formats_available text[] not null default '{}',
  framed boolean not null default false,
  width_mm numeric(8, 1) check (width_mm > 0),
  height_mm numeric(8, 1) check (height_mm > 0),
  year integer check (year between 1900 and 2200),
  medium text,
  tags text[] not null default '{}',
  image_url text,
  image_alt text check (char_length(image_alt) <= 125),
  image_thumb_400_url text,
  image_thumb_800_url text,
  image_original_url text,
  image_checksum text,
  image_width integer check (image_width > 0),
  image_height integer check (image_height > 0),
  image_blur_data_url text,
  status text not null default 'published' check (status in ('draft', 'published')),
  published_at timestamptz,
  is_archived boolean not null default false,
  position integer,
  seo_title text,
  seo_description text,
  meta_title text,
  meta_description text,
  keywords text[] not null default '{}',
  og_title text,
  og_description text,
  og_image_url text,
  og_data jsonb,
  twitter_title text,
  twitter_description text,
  schema_json jsonb,
  long_story_description text,
  related_links jsonb,
  previous_content jsonb,
  social_media_content jsonb,
  ai_notes text,
  last_ai_generated_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  search tsvector generated always as (
    setweight(to_tsvector('english', coalesce(title, '')), 'A')
    || setweight(to_tsvector('english', public.immutable_array_to_string(tags)), 'B')
    || setweight(to_tsvector('english', coalesce(description, '')), 'C')
    || setweight(to_tsvector('english', coalesce(story, '')), 'D')
  ) stored,
  constraint artworks_slug_key unique (slug),
  constraint artworks_slug_format check (char_length(slug) between 1 and 58 and slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);

comment on column public.artworks.price is 'Free text: a number such as 450 (shown as £450.00) or words such as On Request.';
comment on column public.artworks.ai_notes is 'Internal notes from the AI helper; never shown publicly.';

create trigger artworks_set_updated_at
  before update on public.artworks
  for each row execute function public.set_updated_at();

-- Public reads: newest first, overall and per category, only what a visitor may see.
create index artworks_public_created_idx on public.artworks (created_at desc, id desc)
  where status = 'published' and is_archived = false;
create index artworks_public_category_created_idx on public.artworks (category, created_at desc, id desc)
  where status = 'published' and is_archived = false;
create index artworks_created_idx on public.artworks (created_at desc);
create index artworks_search_idx on public.artworks using gin (search);

-- ---------------------------------------------------------------------------------------------
-- Redirects (old gallery path -> new one, recorded on slug changes)
-- ---------------------------------------------------------------------------------------------

create table public.redirects (
  id bigint generated always as identity primary key,
  source_path text not null check (source_path ~ '^/' and char_length(source_path) <= 300),
  destination_path text not null check (destination_path ~ '^/' and char_length(destination_path) <= 300),
  created_at timestamptz not null default now(),
  constraint redirects_source_path_key unique (source_path),
  constraint redirects_not_to_itself check (source_path <> destination_path)
);

create index redirects_destination_idx on public.redirects (destination_path);

-- ---------------------------------------------------------------------------------------------
-- Logs
-- ---------------------------------------------------------------------------------------------

create table public.logs_app (
  id uuid primary key default gen_random_uuid(),
  ts timestamptz not null default now(),
  level text not null default 'info' check (level in ('debug', 'info', 'warn', 'error', 'fatal')),
  type text check (char_length(type) <= 40),
  feature text check (char_length(feature) <= 80),
  message text not null check (char_length(message) <= 8000),
  correlation_id text check (char_length(correlation_id) <= 100),
  url text check (char_length(url) <= 2000),
  method text check (char_length(method) <= 10),
  status integer,
  user_id uuid,
  meta jsonb
);

create index logs_app_ts_idx on public.logs_app (ts desc);

create table public.logs_ai_retrofit (
  id bigint generated always as identity primary key,
  created_at timestamptz not null default now(),
  -- The log outlives the artwork it mentions.
  artwork_id uuid references public.artworks (id) on delete set null,
  function_name text not null,
  error_message text not null
);

create index logs_ai_retrofit_created_idx on public.logs_ai_retrofit (created_at desc);
create index logs_ai_retrofit_artwork_idx on public.logs_ai_retrofit (artwork_id);

-- ---------------------------------------------------------------------------------------------
-- Debug view
-- ---------------------------------------------------------------------------------------------

create view public.debug_now with (security_invoker = true) as
  select now() as server_time;

-- ---------------------------------------------------------------------------------------------
-- Privileges: revoke everything, then give back exactly what each role needs
-- ---------------------------------------------------------------------------------------------

revoke all on public.profiles, public.artworks, public.redirects, public.logs_app,
  public.logs_ai_retrofit, public.debug_now from anon, authenticated;
revoke all on function public.is_admin() from public;
revoke all on function public.handle_new_user() from public;

grant usage on schema public to anon, authenticated, service_role;
grant execute on function public.is_admin() to anon, authenticated, service_role;
grant select on public.debug_now to anon, authenticated;

grant select on public.artworks, public.redirects to anon, authenticated;
grant insert, update, delete on public.artworks, public.redirects to authenticated;
grant select, update on public.profiles to authenticated;
grant insert on public.logs_app to anon, authenticated;
grant select, delete on public.logs_app to authenticated;
grant select, insert, delete on public.logs_ai_retrofit to authenticated;
grant all on public.profiles, public.artworks, public.redirects, public.logs_app,
  public.logs_ai_retrofit to service_role;
grant select on public.debug_now to service_role;

-- ---------------------------------------------------------------------------------------------
-- Row-level security
-- ---------------------------------------------------------------------------------------------

alter table public.profiles enable row level security;
alter table public.artworks enable row level security;
alter table public.redirects enable row level security;
alter table public.logs_app enable row level security;
alter table public.logs_ai_retrofit enable row level security;

create policy "Visitors can read published artworks" on public.artworks
  for select to anon, authenticated
  using (status = 'published' and is_archived = false);
create policy "Admins can read every artwork" on public.artworks
  for select to authenticated using ((select public.is_admin()));
create policy "Admins can add artworks" on public.artworks
  for insert to authenticated with check ((select public.is_admin()));
create policy "Admins can change artworks" on public.artworks
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "Admins can delete artworks" on public.artworks
  for delete to authenticated using ((select public.is_admin()));

create policy "Visitors can read redirects" on public.redirects
  for select to anon, authenticated using (true);
create policy "Admins can add redirects" on public.redirects
  for insert to authenticated with check ((select public.is_admin()));
create policy "Admins can change redirects" on public.redirects
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "Admins can delete redirects" on public.redirects
  for delete to authenticated using ((select public.is_admin()));

create policy "Users can read their own profile" on public.profiles
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Admins can read every profile" on public.profiles
  for select to authenticated using ((select public.is_admin()));
-- No insert policy: profiles are made by the on_auth_user_created trigger. Only an admin may
-- change a profile, so nobody can raise their own is_admin.
create policy "Admins can change profiles" on public.profiles
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

create policy "Anyone can record an application event" on public.logs_app
  for insert to anon, authenticated
  with check (user_id is null or user_id = (select auth.uid()));
create policy "Admins can read application logs" on public.logs_app
  for select to authenticated using ((select public.is_admin()));
create policy "Admins can clear application logs" on public.logs_app
  for delete to authenticated using ((select public.is_admin()));

create policy "Admins can read AI retrofit logs" on public.logs_ai_retrofit
  for select to authenticated using ((select public.is_admin()));
create policy "Admins can record AI retrofit errors" on public.logs_ai_retrofit
  for insert to authenticated with check ((select public.is_admin()));
create policy "Admins can clear AI retrofit logs" on public.logs_ai_retrofit
  for delete to authenticated using ((select public.is_admin()));
