// The newsletter browser test's world (e2e/newsletter.spec.ts), written straight into the database
// at DATA_DIR while no server has it open: messages received (the subscribe box sits on the
// message forms), the shop open, and a print of the first published painting at £40.00 (A4).
//   DATA_DIR=… tsx tests/support/newsletter-world.ts <print title>
import { asc, eq } from 'drizzle-orm';
import { openConfiguredDatabase } from '@/lib/database';
import { asSystem } from '@/lib/db/roles';
import { artworks, products, productVariants, siteSettings } from '@/lib/db/schema';

async function main() {
  const title = process.argv[2];
  if (!title) throw new Error('usage: newsletter-world <print title>');
  const db = await openConfiguredDatabase();
  try {
    await asSystem(db, 'test-setup', async (sys) => {
      await sys
        .insert(siteSettings)
        .values({ id: true, receiveMessages: true, shopOpen: true })
        .onConflictDoUpdate({ target: siteSettings.id, set: { receiveMessages: true, shopOpen: true } });
      const [art] = await sys
        .select({ id: artworks.id, slug: artworks.slug, category: artworks.category })
        .from(artworks)
        .where(eq(artworks.status, 'published'))
        .orderBy(asc(artworks.createdAt))
        .limit(1);
      if (!art) throw new Error('no published painting to make a print of');
      const [product] = await sys
        .insert(products)
        .values({ kind: 'print', title, description: 'A giclée print on cotton rag.', artworkId: art.id })
        .returning({ id: products.id });
      await sys
        .insert(productVariants)
        .values({ productId: product!.id, label: 'A4', pricePence: 4_000, weightClass: 'small' });
      console.log(JSON.stringify({ artwork: art }));
    });
  } finally {
    await db.close();
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
