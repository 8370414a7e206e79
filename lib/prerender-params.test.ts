import { afterEach, describe, expect, it, vi } from 'vitest';
import { prerenderParams } from './prerender-params';

describe('prerenderParams', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('lists what the database lists when building for production', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    await expect(prerenderParams(async () => [{ slug: 'a' }, { slug: 'b' }], { slug: 'none' })).resolves.toEqual([
      { slug: 'a' },
      { slug: 'b' },
    ]);
  });

  it('stands the sample in for an empty list (cacheComponents needs one)', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    await expect(prerenderParams(async () => [], { slug: 'none' })).resolves.toEqual([{ slug: 'none' }]);
  });

  it('never asks the database in next dev, whose worker process must not open DATA_DIR', async () => {
    vi.stubEnv('NODE_ENV', 'development');
    const load = vi.fn(async () => [{ slug: 'a' }]);
    await expect(prerenderParams(load, { slug: 'none' })).resolves.toEqual([{ slug: 'none' }]);
    expect(load).not.toHaveBeenCalled();
  });
});
