import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The repository stands alone: whoever clones it can follow every pointer a document or a comment
 * gives. What the product must do is docs/product.md, how it is built docs/architecture.md, how it
 * is run docs/operations.md; nothing may point outside the repository, and no path may name a
 * file that is not in it. Each failure names the file and the line.
 */

const root = path.resolve(import.meta.dirname, '..');

const gitFiles = (...options: string[]) =>
  execFileSync('git', ['ls-files', '-z', ...options], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((file) => file && fs.existsSync(path.join(root, file)));
/** What is read: every tracked file. */
const tracked = gitFiles('--cached');
/** What may be named: tracked files, and new ones not yet added (a document linked before its first commit). */
const files = gitFiles('--cached', '--others', '--exclude-standard');
const fileSet = new Set(files);
const folderSet = new Set(
  files.flatMap((file) =>
    file
      .split('/')
      .slice(0, -1)
      .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
  ),
);

/** Dated records (bench-results/) keep the words they were written with; the lock file is not prose. */
const skipped = (file: string) => file === 'package-lock.json' || file.startsWith('bench-results/');

function readText(file: string): string | null {
  const bytes = fs.readFileSync(path.join(root, file));
  return bytes.subarray(0, 8000).includes(0) ? null : bytes.toString('utf8');
}

const texts = tracked
  .filter((file) => !skipped(file))
  .flatMap((file) => {
    const text = readText(file);
    return text === null ? [] : [{ file, lines: text.split('\n') }];
  });

// This file names the patterns it refuses.
const self = path.relative(root, import.meta.filename);

/** Pointers to documents that live outside the repository. */
const outsideReferences: [RegExp, string][] = [
  [/spec\s*§/i, 'a numbered section of an outside document: cite docs/product.md and a heading'],
  [/(?<!RFC \d+ )§\s*\d/, 'a section number: cite docs/product.md and a heading'],
  [/decisions\.md/i, 'decisions.md: cite a record in docs/decisions/, or docs/product.md and a heading'],
  [/\b(?:admin|public-site)\.md\b/, 'a document outside the repository: cite docs/product.md'],
  [/ARCHITECTURE\.md/, 'ARCHITECTURE.md: cite docs/architecture.md'],
  [/STYLE\.md/, 'STYLE.md: not in this repository'],
  [/\.\.\/shared\b/, '../shared: not in this repository'],
];

const topFolders = [
  'app',
  'bench-results',
  'cache-handlers',
  'components',
  'docs',
  'e2e',
  'lib',
  'public',
  'scripts',
  'seed-assets',
  'supabase',
  'tests',
];
// A path from a top-level folder to a file with an extension, built from named pieces. A path
// segment is made of route groups ('(site)'), dynamic segments ('[slug]'), placeholders ('{n}',
// '${id}', '<name>') and plain characters (a '*' or '…' stands for any name).
const routeGroup = String.raw`\([\w-]+\)`;
const braced = String.raw`\$?\{[^}\s/]*\}`;
const dynamicSegment = String.raw`\[[^\]\s/]*\]`;
const angled = String.raw`<[^>\s/]*>`;
const plain = String.raw`[\w.*…%+-]`;
const piece = [routeGroup, braced, dynamicSegment, angled, plain].join('|');
const folder = String.raw`(?:${piece})+\/`;
// The file name's last character before its extension closes a piece or is a word character.
const fileName = String.raw`(?:${piece})*[\w\]}>*…]\.[A-Za-z0-9]{1,6}`;
// Not inside a longer path or an address (no word, dot, slash, @ or - before it), and not a folder.
const notAfterPath = String.raw`(?<![\w./@-])`;
const notContinued = String.raw`(?![\w/])`;
const repoPath = new RegExp(
  `${notAfterPath}(?:${topFolders.join('|')})\\/(?:${folder})*${fileName}${notContinued}`,
  'g',
);
const markdownLink = /\]\(([^)\s]+)\)/g;
const placeholder = /[[\]{}<>*…$]/;

/** True when `name` (a file or a folder, relative to the root) is in the repository. */
function exists(name: string): boolean {
  const clean = path.posix.normalize(name).replace(/\/$/, '');
  if (fileSet.has(clean) || folderSet.has(clean)) return true;
  if (!placeholder.test(clean)) return false;
  // A pattern: a placeholder matches within one segment; '[slug]' may also be a literal folder.
  const pattern = clean
    .split(/(\[[^\]]*\]|\$?\{[^}]*\}|<[^>]*>|\*+|…)/)
    .map((part, i) => {
      if (i % 2 === 0) return part.replace(/[.+?^$()|\\]/g, '\\$&');
      return part.startsWith('[') ? `(?:${part.replace(/[[\]]/g, '\\$&')}|[^/]+)` : '[^/]*';
    })
    .join('');
  const regex = new RegExp(`^${pattern}$`);
  return files.some((file) => regex.test(file)) || [...folderSet].some((folder) => regex.test(folder));
}

/** The prose of a line a newcomer reads: a document's whole line, a source file's comment. */
function commentOf(file: string, line: string, inBlock: { open: boolean }): string {
  if (/\.(md|txt)$/.test(file)) return line;
  if (!/\.(ts|tsx|mts|mjs|js|cjs|css|sql|py|sh)$/.test(file) && !file.startsWith('.ci/')) return '';
  let prose = '';
  let rest = line;
  if (inBlock.open) {
    const end = rest.indexOf('*/');
    if (end === -1) return rest;
    prose += rest.slice(0, end);
    rest = rest.slice(end + 2);
    inBlock.open = false;
  }
  const start = rest.search(/\/\*|(?<![:\w])\/\/|(?<!\w)--\s|^\s*#/);
  if (start === -1) return prose;
  const marker = rest.slice(start).trimStart();
  if (marker.startsWith('/*')) {
    const end = rest.indexOf('*/', start + 2);
    if (end === -1) {
      inBlock.open = true;
      return prose + rest.slice(start);
    }
    return prose + rest.slice(start, end) + commentOf(file, rest.slice(end + 2), inBlock);
  }
  return prose + rest.slice(start);
}

const normaliseHeading = (text: string) =>
  text
    .replace(/[`"“”‘’*]/g, '')
    .replace(/[.:]$/, '')
    .trim()
    .toLowerCase();

/** Headings of a Markdown document, lower case, without quotes and marks. */
const headingsOf = (file: string) =>
  (readText(file) ?? '')
    .split('\n')
    .filter((line) => /^#{1,6} /.test(line))
    .map((line) => normaliseHeading(line.replace(/^#+ /, '')));

/**
 * Whether a document has the heading a citation names. A heading may go on after the words cited:
 * "What ends a session" names "What ends a session (both adapters)", and "Bulk Manage" names
 * "Bulk Manage: `npm run bench:bulk-manage`".
 */
const hasHeading = (headings: string[], cited: string) =>
  headings.some((heading) => heading === cited || heading.startsWith(`${cited} (`) || heading.startsWith(`${cited}:`));

describe('the repository stands alone', () => {
  it('cites no document kept outside it (numbered sections, decision lists, shared notes)', () => {
    const problems: string[] = [];
    for (const { file, lines } of texts) {
      if (file === self) continue;
      lines.forEach((line, i) => {
        const found = outsideReferences.find(([pattern]) => pattern.test(line));
        if (found) problems.push(`${file}:${i + 1}: ${found[1]}: ${line.trim()}`);
      });
    }
    expect(problems).toEqual([]);
  });

  it('names only files that exist: Markdown links, and paths in documents and comments', () => {
    const problems: string[] = [];
    for (const { file, lines } of texts) {
      const inBlock = { open: false };
      lines.forEach((line, i) => {
        const where = `${file}:${i + 1}`;
        if (file.endsWith('.md')) {
          for (const [, target] of line.matchAll(markdownLink)) {
            if (/^[a-z]+:|^#/.test(target!)) continue;
            const name = path.posix.join(path.posix.dirname(file), decodeURI(target!.split('#')[0]!));
            if (!exists(name)) problems.push(`${where}: link to ${target}, which is not in the repository`);
          }
        }
        for (const [name] of commentOf(file, line, inBlock).matchAll(repoPath)) {
          if (!exists(name)) problems.push(`${where}: ${name} is not in the repository`);
        }
      });
    }
    expect(problems).toEqual([]);
  });

  it('cites headings that exist: "(docs/x.md, Heading)" or "(docs/x.md, Heading; Heading)"', () => {
    const problems: string[] = [];
    const citation = /\((docs\/[\w-]+\.md),\s*([^()]+?)\)/g;
    const headings = new Map<string, string[]>();
    for (const { file, lines } of texts) {
      lines.forEach((line, i) => {
        for (const [, doc, cited] of line.matchAll(citation)) {
          if (!fileSet.has(doc!)) continue; // the test above names it
          if (!headings.has(doc!)) headings.set(doc!, headingsOf(doc!));
          for (const heading of cited!.split(/;\s*/).map(normaliseHeading)) {
            if (!hasHeading(headings.get(doc!)!, heading))
              problems.push(`${file}:${i + 1}: ${doc} has no heading "${heading}"`);
          }
        }
      });
    }
    expect(problems).toEqual([]);
  });

  it('keeps the README short enough to read in five minutes', () => {
    const lines = fs.readFileSync(path.join(root, 'README.md'), 'utf8').trimEnd().split('\n').length;
    expect(lines, 'README.md lines (the rest belongs in docs/)').toBeLessThanOrEqual(150);
  });
});
