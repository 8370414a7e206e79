import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  databaseHealth,
  RECHECK_MS,
  reportDatabaseReachable,
  reportIfDatabaseUnreachable,
  setDatabaseProbe,
} from '@/lib/db/health';
import { outageResponseFor } from './outage-page';

// /search answers 503 before rendering while the database is known to be away (a streamed page
// has sent its 200 before its data fails). That answer never touches the database, so it asks
// the database again in the background: a server receiving only searches (a Vercel instance)
// once stayed at 503 after the database was back, found by the Supabase browser suite.
const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the outage answer for per-request pages', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    reportDatabaseReachable();
  });

  it('answers 503 while the database is away, asks it again, and lets requests through once it answers', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const probe = vi.fn(async () => 'answered');
    setDatabaseProbe(probe);
    expect(outageResponseFor('GET', '/search')).toBeNull();
    expect(probe).not.toHaveBeenCalled();

    expect(reportIfDatabaseUnreachable(refused)).toBe(true);
    const answer = outageResponseFor('GET', '/search');
    expect(answer?.status).toBe(503);
    expect(answer?.headers.get('retry-after')).toBe('30');
    expect(probe).toHaveBeenCalledTimes(1);
    await settle();
    expect(databaseHealth().reachable).toBe(true);
    expect(outageResponseFor('GET', '/search')).toBeNull();
  });

  it('asks at most every RECHECK_MS, and stays in outage while the database still refuses', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const probe = vi.fn(async () => Promise.reject(refused));
    setDatabaseProbe(probe);
    reportIfDatabaseUnreachable(refused);
    const started = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(started);
    for (let i = 0; i < 5; i++) expect(outageResponseFor('GET', '/search')?.status).toBe(503);
    await settle();
    expect(probe).toHaveBeenCalledTimes(1);
    expect(databaseHealth().reachable).toBe(false);
    vi.spyOn(Date, 'now').mockReturnValue(started + RECHECK_MS);
    expect(outageResponseFor('GET', '/search')?.status).toBe(503);
    expect(probe).toHaveBeenCalledTimes(2);
  });

  it('other pages and methods are left to render', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    reportIfDatabaseUnreachable(refused);
    expect(outageResponseFor('POST', '/search')).toBeNull();
    expect(outageResponseFor('GET', '/gallery')).toBeNull();
  });
});
