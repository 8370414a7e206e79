-- Application log rows are written by the server only (its own events, and browser telemetry
-- through a server route that validates and bounds them): no insert for anon or authenticated,
-- whose keys are public. meta is capped so one row cannot grow the table without bound.

drop policy "Anyone can record an application event" on public.logs_app;
revoke insert on public.logs_app from anon, authenticated;
alter table public.logs_app
  add constraint logs_app_meta_size check (meta is null or octet_length(meta::text) <= 16384);
