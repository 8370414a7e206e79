import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A test double of the Supabase Storage endpoints the adapter calls, over real HTTP, so the
 * adapter is exercised through supabase-js exactly as against a project:
 * - POST   /storage/v1/object/{bucket}/{path}   upload (x-upsert: false refuses an existing key)
 * - DELETE /storage/v1/object/{bucket}          body { prefixes: [...] }, answers the deleted objects
 * - GET    /storage/v1/object/public/{bucket}/{path}  only for buckets marked public
 * - GET    /storage/v1/object/{bucket}/{path}   download with the service role key
 * - POST   /storage/v1/object/list/{bucket}     body { prefix, limit, offset }: one folder level,
 *                                                sub-folders as entries with a null id
 * - POST   /storage/v1/object/upload/sign/{bucket}/{path}  a one-time upload URL ({ url } with a token)
 * - PUT    /storage/v1/object/upload/sign/{bucket}/{path}?token=…  the upload to it: no key, the
 *                                                token is the permission; the bucket's limits apply
 * Every call must carry the service role key as apikey and bearer token; with `anonKey` set, a
 * call with the anon key is answered as row-level security answers it on the real server, where
 * no policy on storage.objects lets anon in (supabase/migrations/…_storage_buckets.sql): lists and
 * deletes find nothing (200 []), reads find no object, uploads are refused.
 */
/** Both buckets' limits, as the storage_buckets migration sets them. */
const BUCKET_SIZE_LIMIT = 10_485_760;
const BUCKET_MIME_TYPES = ['image/webp', 'image/avif', 'image/jpeg', 'image/png'];

export type StoredObject = {
  body: Buffer;
  contentType: string;
  cacheControl: string;
  /** When it was uploaded; tests move it back to make a file old. */
  createdAt: Date;
};

export type StorageDouble = {
  url: string;
  objects: Map<string, StoredObject>; // "{bucket}/{path}"
  requests: { method: string; path: string }[];
  /** Makes the next upload answer 500, to test failure handling. */
  failNextUpload(): void;
  /** Makes the next delete answer with this error message (Storage's 404 answers 400 + JSON). */
  failNextDelete(message: string): void;
  /** Makes the next list answer 500. */
  failNextList(): void;
  close(): Promise<void>;
};

export async function startStorageDouble({
  serviceRoleKey,
  anonKey,
  publicBuckets,
}: {
  serviceRoleKey: string;
  anonKey?: string;
  publicBuckets: string[];
}): Promise<StorageDouble> {
  const objects = new Map<string, StoredObject>();
  const requests: { method: string; path: string }[] = [];
  let failUpload = false;
  let failDelete: string | undefined;
  let failList = false;
  const uploadTokens = new Map<string, { id: string; expires: number }>();

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', 'http://double');
    const path = decodeURIComponent(url.pathname);
    requests.push({ method: req.method ?? '', path });
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    const error = (status: number, code: string, name: string, message: string) =>
      send(status, { statusCode: code, error: name, message });

    // An upload as Storage's uploader takes it (src/storage/uploader.ts): the buckets' own limits
    // (supabase/migrations/…_storage_buckets.sql), the MIME type first, then the size; an existing
    // key only with x-upsert. Object routes answer every refusal with HTTP 400 and the error's own
    // status in the body (src/http/error-handler.ts, no respectStatusCode outside iceberg/vector).
    const store = (id: string) => {
      const contentType = String(req.headers['content-type'] ?? '')
        .split(';')[0]!
        .trim()
        .toLowerCase();
      if (!BUCKET_MIME_TYPES.includes(contentType))
        return error(400, '415', 'invalid_mime_type', `mime type ${contentType} is not supported`);
      if (body.byteLength > BUCKET_SIZE_LIMIT)
        return error(400, '413', 'Payload too large', 'The object exceeded the maximum allowed size');
      if (objects.has(id) && req.headers['x-upsert'] !== 'true')
        return error(400, '409', 'Duplicate', 'The resource already exists');
      objects.set(id, {
        body,
        contentType: String(req.headers['content-type'] ?? ''),
        cacheControl: String(req.headers['cache-control'] ?? ''),
        createdAt: new Date(),
      });
      return send(200, { Key: id, Id: crypto.randomUUID() });
    };

    // The signed upload: the token in the URL is the only permission it needs.
    const signedPut = /^\/storage\/v1\/object\/upload\/sign\/([^/]+)\/(.+)$/.exec(path);
    if (req.method === 'PUT' && signedPut) {
      const id = `${signedPut[1]}/${signedPut[2]}`;
      const grant = uploadTokens.get(url.searchParams.get('token') ?? '');
      if (!grant || grant.id !== id || grant.expires < Date.now())
        return error(400, '400', 'InvalidSignature', 'The signature is invalid or has expired');
      return store(id);
    }

    const publicMatch = /^\/storage\/v1\/object\/public\/([^/]+)\/(.+)$/.exec(path);
    if (req.method === 'GET' && publicMatch) {
      const [, bucket = '', key = ''] = publicMatch;
      const object = objects.get(`${bucket}/${key}`);
      if (!publicBuckets.includes(bucket) || !object) return error(400, '404', 'not_found', 'Object not found');
      res.writeHead(200, { 'content-type': object.contentType, 'cache-control': object.cacheControl });
      return res.end(object.body);
    }

    if (anonKey && req.headers.apikey === anonKey && req.headers.authorization === `Bearer ${anonKey}`) {
      if (req.method === 'POST' && /^\/storage\/v1\/object\/list\/[^/]+$/.test(path)) return send(200, []);
      if (req.method === 'DELETE') return send(200, []);
      if (req.method === 'POST') return error(400, '403', 'Unauthorized', 'new row violates row-level security policy');
      return error(400, '404', 'not_found', 'Object not found');
    }
    if (req.headers.apikey !== serviceRoleKey || req.headers.authorization !== `Bearer ${serviceRoleKey}`) {
      return error(400, '403', 'Unauthorized', 'Invalid JWT');
    }

    const signMatch = /^\/storage\/v1\/object\/upload\/sign\/([^/]+)\/(.+)$/.exec(path);
    if (req.method === 'POST' && signMatch) {
      const token = crypto.randomBytes(24).toString('base64url');
      // Storage's signed upload URLs last two hours.
      uploadTokens.set(token, { id: `${signMatch[1]}/${signMatch[2]}`, expires: Date.now() + 2 * 60 * 60 * 1000 });
      return send(200, { url: `/object/upload/sign/${signMatch[1]}/${signMatch[2]}?token=${token}` });
    }

    const listMatch = /^\/storage\/v1\/object\/list\/([^/]+)$/.exec(path);
    if (req.method === 'POST' && listMatch) {
      const [, bucket = ''] = listMatch;
      if (failList) {
        failList = false;
        return error(500, '500', 'internal', 'Simulated listing failure');
      }
      const {
        prefix = '',
        limit = 100,
        offset = 0,
      } = JSON.parse(body.toString('utf8')) as { prefix?: string; limit?: number; offset?: number };
      return send(200, listLevel(objects, bucket, prefix).slice(offset, offset + limit));
    }

    const uploadMatch = /^\/storage\/v1\/object\/([^/]+)\/(.+)$/.exec(path);
    if (req.method === 'GET' && uploadMatch) {
      const [, bucket = '', key = ''] = uploadMatch;
      const object = objects.get(`${bucket}/${key}`);
      if (!object) return error(400, '404', 'not_found', 'Object not found');
      res.writeHead(200, { 'content-type': object.contentType });
      return res.end(object.body);
    }
    if (req.method === 'POST' && uploadMatch) {
      const [, bucket = '', key = ''] = uploadMatch;
      if (failUpload) {
        failUpload = false;
        return error(500, '500', 'internal', 'Simulated storage failure');
      }
      // The buckets' own limits (supabase/migrations/…_storage_buckets.sql), checked as Storage
      // checks them on upload (its uploader: the MIME type, then the size).
      return store(`${bucket}/${key}`);
    }

    const deleteMatch = /^\/storage\/v1\/object\/([^/]+)$/.exec(path);
    if (req.method === 'DELETE' && deleteMatch) {
      const [, bucket = ''] = deleteMatch;
      if (failDelete) {
        const message = failDelete;
        failDelete = undefined;
        return error(400, '404', 'not_found', message);
      }
      const { prefixes } = JSON.parse(body.toString('utf8')) as { prefixes: string[] };
      const deleted = prefixes.filter((key) => objects.delete(`${bucket}/${key}`));
      return send(
        200,
        deleted.map((name) => ({ name, bucket_id: bucket, id: crypto.randomUUID() })),
      );
    }

    return error(400, '404', 'not_found', 'The resource was not found');
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    objects,
    requests,
    failNextUpload: () => {
      failUpload = true;
    },
    failNextDelete: (message) => {
      failDelete = message;
    },
    failNextList: () => {
      failList = true;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

/** One folder level of a bucket as Storage's v1 list answers it: files and folders by name. */
function listLevel(objects: Map<string, StoredObject>, bucket: string, prefix: string) {
  const start = `${bucket}/${prefix ? `${prefix.replace(/\/+$/, '')}/` : ''}`;
  const folders = new Set<string>();
  const entries: Record<string, unknown>[] = [];
  for (const [id, object] of objects) {
    if (!id.startsWith(start)) continue;
    const rest = id.slice(start.length);
    const slash = rest.indexOf('/');
    if (slash >= 0) {
      folders.add(rest.slice(0, slash));
      continue;
    }
    const at = object.createdAt.toISOString();
    entries.push({
      name: rest,
      id: crypto.randomUUID(),
      created_at: at,
      updated_at: at,
      last_accessed_at: at,
      metadata: { size: object.body.byteLength, mimetype: object.contentType, cacheControl: object.cacheControl },
    });
  }
  for (const name of folders)
    entries.push({ name, id: null, created_at: null, updated_at: null, last_accessed_at: null, metadata: null });
  return entries.sort((a, b) => String(a.name).localeCompare(String(b.name)));
}
