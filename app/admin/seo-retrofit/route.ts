/** The dashboard's older link: the tool lives at /admin/tools/seo-retrofit (decisions.md, Routes). */
export function GET() {
  return new Response(null, { status: 308, headers: { Location: '/admin/tools/seo-retrofit' } });
}
