-- public.handle_new_user() is the trigger that makes a profile for each new auth.users row
-- (20261122080000_init.sql). That migration revoked EXECUTE from PUBLIC only, but Supabase's
-- default privileges grant EXECUTE on every new function in public to anon and authenticated
-- directly, so on a real project both could call it through /rest/v1/rpc/handle_new_user
-- (advisor lints 0028/0029). A trigger needs no EXECUTE grant of its own.
revoke all on function public.handle_new_user() from anon, authenticated;
