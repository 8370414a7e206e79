-- Insights for the owner (docs/product.md, Insights): what visitors look at and ask about, and how
-- fast the site is for them, counted without cookies or identifiers and kept only as daily totals.
-- Each row is one day's count of one thing: views of a page, views, enquiries and shares of an
-- artwork, visits from a referring site, visits per kind of device, and web-vital samples of a page
-- as a histogram whose buckets lib/insights/vitals.ts defines (p75 is read from them). No raw event
-- is kept. Private schema: only the server's system connection writes and reads it.

create table app_private.insights_daily (
  day date not null,
  kind text not null check (kind in ('view', 'artwork_view', 'enquiry', 'share', 'referrer', 'device', 'vital')),
  -- A page of the site as its routes name it, such as / or /gallery/[collection]/[slug] (view,
  -- vital: lib/insights/from-telemetry.ts pageOf), an artwork id (artwork_view, enquiry, share),
  -- a referring host, or a device class (phone, tablet, desktop).
  subject text not null check (char_length(subject) between 1 and 300),
  -- The web vital (LCP, CLS, INP, FCP, TTFB) of a 'vital' row; '' for the others.
  metric text not null default '' check (metric in ('', 'LCP', 'CLS', 'INP', 'FCP', 'TTFB')),
  count bigint not null default 0 check (count >= 0),
  -- Samples per histogram bucket ('vital' rows only).
  buckets integer[] check ((kind = 'vital') = (buckets is not null)),
  primary key (day, kind, subject, metric)
);

alter table app_private.insights_daily enable row level security;
revoke all on app_private.insights_daily from public, anon, authenticated;
-- No policies and no grants for anon, authenticated or app_admin: the server's system
-- connection writes the totals (telemetry) and reads them for the admin's Insights screen after
-- requireAdmin().

-- Adds two histograms bucket by bucket (a missing bucket counts 0); null for two nulls (the
-- rows that count without a histogram).
create function app_private.add_buckets(a integer[], b integer[]) returns integer[]
  language sql immutable set search_path = ''
  as $$
    select case when a is null and b is null then null else (
      select array_agg(coalesce(x, 0) + coalesce(y, 0) order by i)
      from unnest(a, b) with ordinality as t(x, y, i)
    ) end
  $$;
revoke all on function app_private.add_buckets(integer[], integer[]) from public, anon, authenticated;
