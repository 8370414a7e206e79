import { availabilityLabel, formatSize } from '@/lib/artworks/format';
import type { PublicArtwork } from '@/lib/artworks/queries';

/** The painting's particulars as a description list; rows with nothing to say are left out. */
export function ArtworkFacts({ art }: { art: PublicArtwork }) {
  const rows: [string, string | null][] = [
    ['Medium', art.medium],
    ['Size', formatSize(art.widthMm, art.heightMm)],
    ['Year', art.year ? String(art.year) : null],
    ['Framed', art.framed ? 'Yes, ready to hang' : 'No, unframed'],
    ['Availability', availabilityLabel(art)],
  ];
  return (
    <dl className="artwork-facts">
      {rows
        .filter((row): row is [string, string] => Boolean(row[1]))
        .map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}
