import fs from 'node:fs/promises';
import { localPath, localStorageRoot } from '@/lib/storage/local';

const types: Record<string, string> = {
  webp: 'image/webp',
  avif: 'image/avif',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/**
 * Serves public uploads from local storage. Keys carry a timestamp, so a file never changes
 * under its URL: cache it for a year. Private originals are outside this root's reach.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ path: string[] }> }) {
  const { path } = await params;
  const key = path.join('/');
  const type = types[key.split('.').pop()?.toLowerCase() ?? ''];
  let file: string;
  try {
    file = localPath(localStorageRoot(), 'public', key);
  } catch {
    return new Response('Not found', { status: 404 });
  }
  if (!type) return new Response('Not found', { status: 404 });
  try {
    const data = await fs.readFile(file);
    return new Response(new Uint8Array(data), {
      headers: {
        'Content-Type': type,
        'Content-Length': String(data.byteLength),
        'Cache-Control': 'public, max-age=31536000, immutable',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  } catch {
    return new Response('Not found', { status: 404, headers: { 'Cache-Control': 'no-store' } });
  }
}
