import { env } from '@/lib/env';
import { serveIndexNowKeyFile } from '@/lib/search-engines/key-file';

/** The IndexNow key file, reached as /{INDEXNOW_KEY}.txt through proxy.ts's rewrite. */
export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  return serveIndexNowKeyFile((await params).file, env().INDEXNOW_KEY);
}
