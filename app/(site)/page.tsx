import Link from 'next/link';

export default function HomePage() {
  return (
    <section className="mx-auto max-w-6xl px-4 py-24">
      <h1 className="text-4xl sm:text-5xl">Elena Marsh, South London watercolour artist</h1>
      <p className="mt-6 max-w-2xl text-lg text-ink-soft">
        Lyrical watercolours of quiet places, made to bring calm to therapy rooms, new homes and the people you love.
      </p>
      <Link href="/gallery" className="mt-8 inline-flex min-h-11 items-center rounded-full bg-wash px-6 text-white hover:bg-wash-deep">
        View All Art
      </Link>
    </section>
  );
}
