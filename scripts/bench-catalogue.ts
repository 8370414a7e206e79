import type { Database } from '@/lib/db/port';

/**
 * Grows the catalogue to `total` published artworks with plain SQL, as an import would (no image
 * files): "Study 1" … across the six collections, one a minute back from now.
 */
export async function growCatalogue(db: Database, total: number): Promise<void> {
  await db.runner.exec(`
    insert into public.artworks (title, slug, category, description, price, tags, image_alt, created_at, published_at)
    select 'Study ' || g, 'study-' || g,
      (array['Sanctuaries of the Mind','Landscapes','Seascapes','Animals','Florals','Buildings'])[1 + g % 6],
      'A quiet watercolour study number ' || g, (50 + g % 900)::text, array['study'], 'A watercolour study',
      now() - (g || ' minutes')::interval, now()
    from generate_series(1, ${total} - (select count(*) from public.artworks)) g;
    analyze public.artworks;`);
}
