import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The benchmark's reference: a bare Next.js App Router page built with this project's own
 * `next`, `react` and `react-dom` (one static page, no client components, no images, no fonts),
 * the framework's floor. It lives in a temporary folder of its own: Turbopack compiles nothing
 * outside its workspace root, so the folder gets a hard-linked copy of node_modules (same
 * filesystem: instant, no disk), and a next.config naming that folder as its root. The second
 * reference (`painting`) is the same page showing only a real page's painting, the floor for a
 * page whose largest paint is an image. The third (`sized`) holds plain text at the size of each
 * page measured: the floor for a page of that size; for a page on a dynamic route, also served
 * from a route of the same shape (the floor for such a page of that size).
 */
const LAYOUT = `export const metadata = { title: 'Bare Next page', description: 'The framework floor for the benchmark.' };
export default function RootLayout({ children }) {
  return <html lang="en"><body>{children}</body></html>;
}
`;
const PAGE = `export default function Page() {
  return <main><h1>Bare page</h1><p>One static page: no client components, no images, no fonts.</p></main>;
}
`;

/**
 * A page's largest painting as the bare reference shows it: the <img>'s attributes and the
 * image preloads of the page's HTML, as written there (HTML names), and the image files they
 * name (the same bytes, served from the same paths).
 */
export type Painting = {
  img: Record<string, string>;
  preloads: Record<string, string>[];
  files: { path: string; bytes: Buffer }[];
  /** The page's stylesheets' text, for the reference that links them too (render-blocking, as on the page). */
  stylesheets: string[];
};

/** HTML attribute names as React spells them. */
const REACT_NAMES: Record<string, string> = {
  srcset: 'srcSet',
  fetchpriority: 'fetchPriority',
  imagesrcset: 'imageSrcSet',
  imagesizes: 'imageSizes',
  crossorigin: 'crossOrigin',
  referrerpolicy: 'referrerPolicy',
};
const jsx = (attributes: Record<string, string>) =>
  Object.entries(attributes)
    .map(([name, value]) => `${REACT_NAMES[name] ?? name}={${JSON.stringify(value)}}`)
    .join(' ');

/**
 * The bare page with nothing but the painting: the same <img> attributes but its classes and
 * style (no stylesheet here), held to the viewport's width as the page's CSS holds it, and the
 * same preloads in <head>.
 */
function paintingApp(painting: Painting, withStylesheet: boolean) {
  const img = Object.fromEntries(Object.entries(painting.img).filter(([name]) => name !== 'class' && name !== 'style'));
  return {
    layout: `${withStylesheet ? "import './site.css';\n" : ''}export const metadata = { title: 'Bare Next page with a painting', description: 'The framework floor for a page whose largest paint is a painting.' };
export default function RootLayout({ children }) {
  return <html lang="en"><head>${painting.preloads.map((link) => `<link ${jsx(link)} />`).join('')}</head><body>{children}</body></html>;
}
`,
    page: `export default function Page() {
  return <main><img ${jsx(img)} style={{ maxWidth: '100%', height: 'auto' }} /></main>;
}
`,
  };
}

/**
 * The bare page at a given size: static paragraphs of plain text, no client components, under
 * the bare layout, one route for each page measured (`/<route>`), each sized so its HTML comes
 * close to that page's. What Next's serving of that many bytes costs, whatever they hold: the
 * floor for a page of that size's requests per second.
 */
export type SizedPage = {
  route: string;
  htmlBytes: number;
  /**
   * For a page served from a dynamic route: that route's folder under app/ (`blog/[slug]`) and
   * the page's own path. The same text is then also served from a route of that shape, at that
   * path, prerendered by generateStaticParams as the site's pages are: the same-shape reference.
   */
  dynamic?: { route: string; path: string };
};
/** A paragraph of the sized pages: 200 characters of plain text, nothing to escape. */
const PARAGRAPH =
  'Quiet paintings of South London parks and southern coastlines, each made to give the eye somewhere to rest; washes of grey-blue and warm ochre, laid wet into wet, left to dry '.padEnd(
    200,
    'x',
  );
/**
 * What one paragraph adds to the HTML: the text twice (the markup and the inline React payload
 * that hydrates it) and each copy's wrapping, <p></p> and ["$","p",null,{"children":"…"}] with
 * its quotes escaped inside the payload's script.
 */
const PARAGRAPH_HTML_BYTES = 2 * PARAGRAPH.length + 7 + 47;
/** A sized page's HTML without paragraphs (measured: the bare page's 4.8 KB, its heading and its route's script). */
const EMPTY_SIZED_HTML_BYTES = 6_400;

/**
 * The sized app's one dynamic route: requesting it renders a page, as every live server of the
 * site does (a revalidation, a 404, an admin page). On Node 20 the first render switches on
 * AsyncLocalStorage's promise hooks for the life of the process, and every request after it pays
 * for them; a server that has only ever served prerendered pages does not
 * (docs/decisions/0014-same-size-reference-after-a-render.md).
 */
export const RENDERED_ROUTE = 'rendered';
const RENDERED_PAGE = `import { headers } from 'next/headers';
export default async function Page() {
  const agent = (await headers()).get('user-agent');
  return <main><p>Rendered for {agent}</p></main>;
}
`;

/** The params a dynamic route folder (`gallery/[collection]/[slug]`) takes from a path of its shape. */
export function routeParams(route: string, pathname: string): Record<string, string> {
  const folders = route.split('/');
  const segments = pathname.replace(/^\//, '').split('/');
  if (folders.length !== segments.length || folders.some((folder) => folder.startsWith('[...')))
    throw new Error(`${pathname} is not a path of the route ${route}`);
  const params: Record<string, string> = {};
  folders.forEach((folder, i) => {
    const name = /^\[(\w+)\]$/.exec(folder)?.[1];
    if (name) params[name] = decodeURIComponent(segments[i]!);
    else if (folder !== segments[i]) throw new Error(`${pathname} is not a path of the route ${route}`);
  });
  return params;
}

function sizedPage({ route, htmlBytes, dynamic }: SizedPage) {
  const count = Math.max(0, Math.round((htmlBytes - EMPTY_SIZED_HTML_BYTES) / PARAGRAPH_HTML_BYTES));
  const params = dynamic
    ? `export function generateStaticParams() { return [${JSON.stringify(routeParams(dynamic.route, dynamic.path))}]; }\n`
    : '';
  return `const text = ${JSON.stringify(PARAGRAPH)};
${params}export default function Page() {
  return <main><h1>Bare page, ${route}'s size</h1>{Array.from({ length: ${count} }, (_, i) => <p key={i}>{text}</p>)}</main>;
}
`;
}

function sizedApp(pages: SizedPage[]) {
  return {
    layout: LAYOUT,
    page: PAGE,
    routes: [
      { route: RENDERED_ROUTE, page: RENDERED_PAGE },
      ...pages.map((page) => ({ route: page.route, page: sizedPage({ ...page, dynamic: undefined }) })),
      ...pages.flatMap((page) => (page.dynamic ? [{ route: page.dynamic.route, page: sizedPage(page) }] : [])),
    ],
  };
}

export type BareApp = { dir: string; remove: () => void };

/**
 * The bare reference page, or with `painting` the bare page showing that painting, and with
 * `withStylesheet` also linking the page's stylesheets (their @font-face rules left out: the
 * bare page sets no text in the site's font, and their relative URLs name no file here).
 */
export function buildBareNext(
  projectDir = process.cwd(),
  {
    painting,
    withStylesheet = false,
    sized,
  }: { painting?: Painting; withStylesheet?: boolean; sized?: SizedPage[] } = {},
): BareApp {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bare-next-'));
  const remove = () => fs.rmSync(dir, { recursive: true, force: true });
  try {
    const copy = spawnSync('cp', ['-al', path.join(projectDir, 'node_modules'), path.join(dir, 'node_modules')], {
      encoding: 'utf8',
    });
    if (copy.status !== 0) throw new Error(`linking node_modules into ${dir} failed: ${copy.stderr}`);
    fs.mkdirSync(path.join(dir, 'app'));
    fs.writeFileSync(path.join(dir, 'package.json'), '{ "name": "bare-next", "private": true }\n');
    fs.writeFileSync(
      path.join(dir, 'next.config.mjs'),
      `export default { turbopack: { root: ${JSON.stringify(dir)} } };\n`,
    );
    const app = painting
      ? { ...paintingApp(painting, withStylesheet), routes: [] }
      : sized
        ? sizedApp(sized)
        : { layout: LAYOUT, page: PAGE, routes: [] };
    fs.writeFileSync(path.join(dir, 'app', 'layout.js'), app.layout);
    for (const { route, page } of app.routes) {
      fs.mkdirSync(path.join(dir, 'app', route), { recursive: true });
      fs.writeFileSync(path.join(dir, 'app', route, 'page.js'), page);
    }
    if (painting && withStylesheet) {
      fs.writeFileSync(
        path.join(dir, 'app', 'site.css'),
        painting.stylesheets.map((css) => css.replace(/@font-face\s*\{[^}]*\}/g, '')).join('\n'),
      );
    }
    fs.writeFileSync(path.join(dir, 'app', 'page.js'), app.page);
    for (const file of painting?.files ?? []) {
      const target = path.join(dir, 'public', file.path);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, file.bytes);
    }
    const build = spawnSync(
      process.execPath,
      [path.join(dir, 'node_modules', 'next', 'dist', 'bin', 'next'), 'build'],
      {
        cwd: dir,
        env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
        encoding: 'utf8',
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    if (build.status !== 0)
      throw new Error(
        `bare next build failed (${build.status}):\n${build.stdout.slice(-3000)}\n${build.stderr.slice(-3000)}`,
      );
    return { dir, remove };
  } catch (error) {
    remove();
    throw error;
  }
}
