import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The benchmark's reference: a bare Next.js App Router page built with this project's own
 * `next`, `react` and `react-dom` (one static page, no client components, no images, no fonts),
 * the framework's floor. It lives in a temporary folder of its own: Turbopack compiles nothing
 * outside its workspace root, so the folder gets a hard-linked copy of node_modules (same
 * filesystem: instant, no disk), and a next.config naming that folder as its root.
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

export type BareApp = { dir: string; remove: () => void };

export function buildBareNext(projectDir = process.cwd()): BareApp {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bare-next-'));
  const remove = () => fs.rmSync(dir, { recursive: true, force: true });
  try {
    const copy = spawnSync('cp', ['-al', path.join(projectDir, 'node_modules'), path.join(dir, 'node_modules')], { encoding: 'utf8' });
    if (copy.status !== 0) throw new Error(`linking node_modules into ${dir} failed: ${copy.stderr}`);
    fs.mkdirSync(path.join(dir, 'app'));
    fs.writeFileSync(path.join(dir, 'package.json'), '{ "name": "bare-next", "private": true }\n');
    fs.writeFileSync(path.join(dir, 'next.config.mjs'), `export default { turbopack: { root: ${JSON.stringify(dir)} } };\n`);
    fs.writeFileSync(path.join(dir, 'app', 'layout.js'), LAYOUT);
    fs.writeFileSync(path.join(dir, 'app', 'page.js'), PAGE);
    const build = spawnSync(process.execPath, [path.join(dir, 'node_modules', 'next', 'dist', 'bin', 'next'), 'build'], {
      cwd: dir,
      env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
    });
    if (build.status !== 0) throw new Error(`bare next build failed (${build.status}):\n${build.stdout.slice(-3000)}\n${build.stderr.slice(-3000)}`);
    return { dir, remove };
  } catch (error) {
    remove();
    throw error;
  }
}
