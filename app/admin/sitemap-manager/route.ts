/** The dashboard's older link: the tool lives at /admin/tools/sitemap (decisions.md, Routes). */
export function GET() {
  return new Response(null, { status: 308, headers: { Location: '/admin/tools/sitemap' } });
}
