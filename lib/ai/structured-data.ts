import type { ArtworkFacts } from './prompt';
import type { ModelAnswer } from './suggestion';

/**
 * The suggestion set's `schema`: a schema.org VisualArtwork from the record's facts and the
 * AI's text. Built here rather than written by the model, so a size, medium or price appears
 * only when the record holds it. (Artwork pages render their full JSON-LD from the record:
 * lib/artworks/structured-data.ts; this is what is stored in schema_json for reference.)
 */
export function artworkStructuredData(facts: ArtworkFacts, answer: ModelAnswer): Record<string, unknown> {
  const mm = (value: number) => ({ '@type': 'QuantitativeValue', value, unitCode: 'MMT' });
  return {
    '@context': 'https://schema.org',
    '@type': 'VisualArtwork',
    name: facts.title,
    description: answer.metaDescription,
    abstract: answer.shortHook,
    keywords: answer.keywords.join(', '),
    artform: 'Painting',
    creator: { '@type': 'Person', name: 'Elena Marsh' },
    ...(facts.category ? { genre: facts.category } : {}),
    ...(facts.medium ? { artMedium: facts.medium } : {}),
    ...(facts.widthMm ? { width: mm(facts.widthMm) } : {}),
    ...(facts.heightMm ? { height: mm(facts.heightMm) } : {}),
    ...(facts.year ? { dateCreated: String(facts.year) } : {}),
  };
}
