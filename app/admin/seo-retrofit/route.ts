/**
 * The dashboard's older link: the tool lives at /admin/tools/seo-retrofit
 * (docs/product.md, Admin routes). The query string goes along, so `?batch=` still presets the
 * batch size.
 */
export function GET(request: Request) {
  const { search } = new URL(request.url);
  return new Response(null, { status: 308, headers: { Location: `/admin/tools/seo-retrofit${search}` } });
}
