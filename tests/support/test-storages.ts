import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createLocalStorage, parseLocalRef } from '@/lib/storage/local-adapter';
import { localPath } from '@/lib/storage/local';
import type { StorageInventory, StoragePort } from '@/lib/storage/port';
import { createSupabaseStorage, PRIVATE_BUCKET, PUBLIC_BUCKET } from '@/lib/storage/supabase-adapter';
import { startStorageDouble, type StorageDouble } from '@/tests/support/supabase-storage-double';

/**
 * Both storage adapters for integration tests: local disk in a temporary folder, and the real
 * Supabase adapter against the HTTP double of Storage. Tests assert what is stored, and make
 * files old (as time would) without waiting.
 */
export const storageKinds = ['local', 'supabase'] as const;
export type StorageKind = (typeof storageKinds)[number];

export type TestStorage = {
  kind: StorageKind;
  storage: StoragePort & StorageInventory;
  /** How a child process opens the same storage (tests/support/write-fault-driver.ts). */
  config: { kind: 'local'; root: string } | { kind: 'supabase'; url: string; serviceRoleKey: string };
  /** Every stored file's reference (public URL or private:{key}), sorted. */
  refs(): Promise<string[]>;
  /** Makes these files (all files when omitted) look written `ms` ago. */
  age(ms: number, refs?: string[]): Promise<void>;
  /** Stores a file under a name no key of ours can have (left by hand or another tool). */
  putForeign(name: string): Promise<void>;
  close(): Promise<void>;
};

export const serviceRoleKey = 'service-role-key-for-tests';

export async function createTestStorage(kind: StorageKind): Promise<TestStorage> {
  return kind === 'local' ? localTestStorage() : supabaseTestStorage();
}

async function localTestStorage(): Promise<TestStorage> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'storage-test-'));
  const storage = createLocalStorage(root);
  const refs = () => listRefs(storage);
  return {
    kind: 'local',
    storage,
    config: { kind: 'local', root },
    refs,
    async age(ms, which) {
      const when = new Date(Date.now() - ms);
      for (const ref of which ?? (await refs())) {
        const target = parseLocalRef(ref);
        if (!target) throw new Error(`not a local storage reference: ${ref}`);
        await fs.utimes(localPath(root, target.visibility, target.key), when, when);
      }
    },
    async putForeign(name) {
      await fs.mkdir(path.join(root, 'public'), { recursive: true });
      await fs.writeFile(path.join(root, 'public', name), 'not ours');
    },
    close: () => fs.rm(root, { recursive: true, force: true }),
  };
}

async function supabaseTestStorage(): Promise<TestStorage> {
  const double: StorageDouble = await startStorageDouble({ serviceRoleKey, publicBuckets: [PUBLIC_BUCKET] });
  const storage = createSupabaseStorage({ url: double.url, serviceRoleKey });
  const publicBase = `${double.url}/storage/v1/object/public/${PUBLIC_BUCKET}/`;
  const objectId = (ref: string) => {
    if (ref.startsWith(publicBase)) return `${PUBLIC_BUCKET}/${ref.slice(publicBase.length)}`;
    if (ref.startsWith('private:')) return `${PRIVATE_BUCKET}/${ref.slice('private:'.length)}`;
    throw new Error(`not a Supabase storage reference: ${ref}`);
  };
  const refs = () => listRefs(storage);
  return {
    kind: 'supabase',
    storage,
    config: { kind: 'supabase', url: double.url, serviceRoleKey },
    refs,
    async age(ms, which) {
      const when = new Date(Date.now() - ms);
      for (const ref of which ?? (await refs())) {
        const object = double.objects.get(objectId(ref));
        if (!object) throw new Error(`not stored: ${ref}`);
        object.createdAt = when;
      }
    },
    async putForeign(name) {
      double.objects.set(`${PUBLIC_BUCKET}/${name}`, {
        body: Buffer.from('not ours'),
        contentType: 'text/plain',
        cacheControl: '',
        createdAt: new Date(0),
      });
    },
    close: () => double.close(),
  };
}

/** Opens the storage a TestStorage describes (in a child process, say). */
export function openTestStorage(config: TestStorage['config']): StoragePort & StorageInventory {
  return config.kind === 'local'
    ? createLocalStorage(config.root)
    : createSupabaseStorage({ url: config.url, serviceRoleKey: config.serviceRoleKey });
}

async function listRefs(storage: StorageInventory): Promise<string[]> {
  const refs: string[] = [];
  for await (const file of storage.list()) if (file.ref) refs.push(file.ref);
  return refs.sort();
}
