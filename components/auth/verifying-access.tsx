/** The gate's Suspense fallback while the session and the admin check load. */
export function VerifyingAccess() {
  return (
    <main id="main-content" className="grid min-h-dvh place-items-center bg-paper px-4">
      <p role="status" className="flex items-center gap-3 text-ink-soft">
        <span
          aria-hidden="true"
          className="size-4 animate-spin rounded-full border-2 border-wash border-t-transparent motion-reduce:animate-none"
        />
        Verifying Access...
      </p>
    </main>
  );
}
