import Link from 'next/link';
import { GateTitle } from './gate-title';

/** The frame shared by the login, Access Denied, check-failed and setup screens; it names the tab too. */
export function GateScreen({
  title,
  children,
  labelledBy = 'gate-title',
}: {
  title: string;
  children: React.ReactNode;
  labelledBy?: string;
}) {
  return (
    <main id="main-content" className="grid min-h-dvh place-items-center bg-paper px-4 py-12">
      <GateTitle title={`${title} | Elena Marsh Watercolours`} />
      <section
        aria-labelledby={labelledBy}
        className="w-full max-w-md rounded-card border border-line bg-white p-6 shadow-sm sm:p-8"
      >
        <Link
          href="/"
          className="mb-6 inline-block font-serif text-lg text-ink-soft underline-offset-4 hover:underline"
        >
          Elena Marsh
        </Link>
        <h1 id={labelledBy} className="font-serif text-3xl text-ink">
          {title}
        </h1>
        {children}
      </section>
    </main>
  );
}
