/**
 * The dashboard's older link: the tool lives at /admin/tools/sitemap
 * (docs/product.md, Admin routes).
 */
export function GET() {
  return new Response(null, { status: 308, headers: { Location: '/admin/tools/sitemap' } });
}
