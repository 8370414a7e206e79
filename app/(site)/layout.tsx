import Link from 'next/link';

export default function SiteLayout({ children }: { children: React.ReactNode }) {
  return (
    <>
      <header className="sticky top-0 z-40 h-20 border-b border-line bg-paper/95 backdrop-blur">
        <div className="mx-auto flex h-full max-w-6xl items-center justify-between px-4">
          <Link href="/" className="flex flex-col leading-tight">
            <span className="font-serif text-xl">Elena Marsh</span>
            <span className="text-sm text-ink-soft">South London Watercolour Artist</span>
          </Link>
          <nav aria-label="Main">
            <Link href="/gallery" className="px-3 py-2">Gallery</Link>
          </nav>
        </div>
      </header>
      <main id="main-content">{children}</main>
    </>
  );
}
