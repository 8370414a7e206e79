-- Insights that stay small and quick for a busy year (see docs/decisions/0007-insights-monthly-totals.md):
-- 1. an artwork's views, 'Enquire to Purchase' clicks and shares on a day are one narrow row of
--    insights_artworks_daily, keyed by the artwork's uuid (about half the bytes);
-- 2. every total is also kept per month (the month's first day in `month`), written in the same
--    transaction as the days: a range reads its whole months from insights_monthly and
--    insights_artworks_monthly and only the days at its two ends day by day.
-- Same privacy as insights_daily: only the server's system connection writes and reads them.
-- The counts already there move over (artwork rows) and are added up per month.

create table app_private.insights_artworks_daily (
  day date not null,
  -- No foreign key: a deleted painting's counts stay (the owner sees "Deleted painting").
  artwork_id uuid not null,
  views integer not null default 0 check (views >= 0),
  enquiries integer not null default 0 check (enquiries >= 0),
  shares integer not null default 0 check (shares >= 0),
  primary key (day, artwork_id)
);

create table app_private.insights_monthly (
  month date not null check (extract(day from month) = 1),
  kind text not null check (kind in ('view', 'referrer', 'device', 'vital')),
  subject text not null check (char_length(subject) between 1 and 300),
  metric text not null default '' check (metric in ('', 'LCP', 'CLS', 'INP', 'FCP', 'TTFB')),
  count bigint not null default 0 check (count >= 0),
  buckets integer[] check ((kind = 'vital') = (buckets is not null)),
  primary key (month, kind, subject, metric)
);

create table app_private.insights_artworks_monthly (
  month date not null check (extract(day from month) = 1),
  artwork_id uuid not null,
  views integer not null default 0 check (views >= 0),
  enquiries integer not null default 0 check (enquiries >= 0),
  shares integer not null default 0 check (shares >= 0),
  primary key (month, artwork_id)
);

alter table app_private.insights_artworks_daily enable row level security;
alter table app_private.insights_monthly enable row level security;
alter table app_private.insights_artworks_monthly enable row level security;
revoke all on app_private.insights_artworks_daily, app_private.insights_monthly, app_private.insights_artworks_monthly from public, anon, authenticated;

-- The artwork rows already counted move to their table (the server only ever wrote artworks' ids).
insert into app_private.insights_artworks_daily (day, artwork_id, views, enquiries, shares)
select day, subject::uuid,
  coalesce(sum(count) filter (where kind = 'artwork_view'), 0),
  coalesce(sum(count) filter (where kind = 'enquiry'), 0),
  coalesce(sum(count) filter (where kind = 'share'), 0)
from app_private.insights_daily
where kind in ('artwork_view', 'enquiry', 'share') and subject ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
group by day, subject;
delete from app_private.insights_daily where kind in ('artwork_view', 'enquiry', 'share');
alter table app_private.insights_daily drop constraint insights_daily_kind_check;
alter table app_private.insights_daily add constraint insights_daily_kind_check check (kind in ('view', 'referrer', 'device', 'vital'));

-- The months of the days already counted.
insert into app_private.insights_artworks_monthly (month, artwork_id, views, enquiries, shares)
select date_trunc('month', day)::date, artwork_id, sum(views), sum(enquiries), sum(shares)
from app_private.insights_artworks_daily
group by 1, 2;

with counts as (
  select date_trunc('month', day)::date as month, kind, subject, metric, sum(count) as count
  from app_private.insights_daily
  group by 1, 2, 3, 4
), sums as (
  select date_trunc('month', d.day)::date as month, d.kind, d.subject, d.metric, u.i, sum(u.n)::integer as n
  from app_private.insights_daily d, unnest(d.buckets) with ordinality as u(n, i)
  group by 1, 2, 3, 4, 5
), histograms as (
  select month, kind, subject, metric, array_agg(n order by i) as buckets
  from sums
  group by 1, 2, 3, 4
)
insert into app_private.insights_monthly (month, kind, subject, metric, count, buckets)
select c.month, c.kind, c.subject, c.metric, c.count, h.buckets
from counts c
left join histograms h using (month, kind, subject, metric);
