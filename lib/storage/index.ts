import { env } from '@/lib/env';
import { createLocalStorage } from './local-adapter';
import type { DirectUploads, StorageInventory, StoragePort } from './port';
import { createSupabaseStorage } from './supabase-adapter';

export type { DirectUploads, RemoveResult, StorageInventory, StoragePort, StoredFile } from './port';
export { PRIVATE_PREFIX, privateRef } from './port';

/** `direct`: uploads straight from the browser, where storage offers them (Supabase); none locally. */
type ConfiguredStorage = StoragePort & StorageInventory & { direct?: DirectUploads };

let instance: ConfiguredStorage | undefined;

/** The process's storage adapter, chosen once from the environment (see lib/env.ts). */
export function storage(): ConfiguredStorage {
  if (instance) return instance;
  const config = env();
  if (config.storageAdapter === 'supabase') {
    if (!config.SUPABASE_SERVICE_ROLE_KEY) {
      throw new Error(
        'Supabase storage needs SUPABASE_SERVICE_ROLE_KEY (server-side only) to upload and remove images.',
      );
    }
    instance = createSupabaseStorage({
      url: config.NEXT_PUBLIC_SUPABASE_URL!,
      serviceRoleKey: config.SUPABASE_SERVICE_ROLE_KEY,
    });
  } else {
    instance = createLocalStorage();
  }
  return instance;
}
