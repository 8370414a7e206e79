import Link from 'next/link';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { OriginalNotOffered } from '@/lib/shop/catalogue';

/** /admin/shop's list of paintings marked For sale that the shop leaves out for their price (lib/shop/offer-rule.ts). */
export function OriginalsNotOffered({ originals }: { originals: OriginalNotOffered[] }) {
  if (originals.length === 0)
    return (
      <p className="rounded-card border border-dashed border-line bg-white p-8 text-center text-ink-soft">
        Every painting marked For sale has a price in pounds.
      </p>
    );
  return (
    <Table>
      <caption className="sr-only">Originals not in the shop</caption>
      <TableHeader>
        <TableRow>
          <TableHead>Painting</TableHead>
          <TableHead>Price</TableHead>
          <TableHead>Shop</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {originals.map((art) => (
          <TableRow key={art.id}>
            <TableCell>
              <Link
                href={`/admin/artworks/edit/${art.id}`}
                prefetch={false}
                className="font-medium text-wash underline underline-offset-4 hover:text-wash-deep"
              >
                {art.title}
              </Link>
            </TableCell>
            <TableCell className="whitespace-nowrap">{art.price?.trim() || '—'}</TableCell>
            <TableCell>{art.problem}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
