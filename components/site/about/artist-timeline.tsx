import { timeline } from '@/lib/content/timeline';

export function ArtistTimeline() {
  return (
    <section aria-labelledby="timeline-heading" className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <h2 id="timeline-heading" className="text-3xl sm:text-4xl">
        The Story So Far
      </h2>
      <ol className="mt-10 border-l-2 border-wash/30">
        {timeline.map((entry) => (
          <li key={entry.year} className="relative mb-10 pl-8 last:mb-0">
            <span
              aria-hidden="true"
              className="absolute -left-[9px] top-1.5 size-4 rounded-full border-2 border-paper bg-wash"
            />
            <p className="font-serif text-xl font-semibold text-wash-deep">{entry.year}</p>
            <h3 className="mt-1 text-2xl">{entry.title}</h3>
            <p className="mt-2 leading-relaxed text-ink-soft">{entry.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
