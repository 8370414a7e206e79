-- Gallery page counts in constant time: a trigger keeps the number of published, non-archived
-- artworks overall ('*') and per category, so a gallery page costs the same at 24 artworks as
-- at 10,000 (count(*) would scan every visible row on each request).

create schema if not exists app_private;

create table app_private.published_counts (
  category text primary key,
  total integer not null default 0 check (total >= 0)
);
alter table app_private.published_counts enable row level security;
revoke all on app_private.published_counts from public;

create or replace function app_private.track_published_counts()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.status = 'published' and old.is_archived = false then
    update app_private.published_counts set total = total - 1
      where category in ('*', coalesce(old.category, ''));
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.status = 'published' and new.is_archived = false then
    insert into app_private.published_counts as c (category, total)
      values ('*', 1), (coalesce(new.category, ''), 1)
      on conflict (category) do update set total = c.total + 1;
  end if;
  return null;
end
$$;

revoke all on function app_private.track_published_counts() from public;

create trigger artworks_track_published_counts
  after insert or delete or update of status, is_archived, category on public.artworks
  for each row execute function app_private.track_published_counts();

-- What a visitor may know: how many published artworks there are (overall, or in a category).
create or replace function public.published_artwork_count(p_category text default null)
returns integer
language sql stable security definer
set search_path = ''
as $$
  select coalesce((select c.total from app_private.published_counts c where c.category = coalesce(p_category, '*')), 0)
$$;

revoke all on function public.published_artwork_count(text) from public;
grant execute on function public.published_artwork_count(text) to anon, authenticated, service_role;

insert into app_private.published_counts (category, total)
  select '*', count(*) from public.artworks where status = 'published' and is_archived = false
  union all
  select coalesce(category, ''), count(*) from public.artworks where status = 'published' and is_archived = false group by 1;
