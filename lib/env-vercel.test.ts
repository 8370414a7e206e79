import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';

describe('SITE_URL on Vercel', () => {
  const vercel = {
    VERCEL: '1',
    DATABASE_URL: 'postgres://u:p@db.example.com/db',
    VERCEL_PROJECT_PRODUCTION_URL: 'elenamarsh.art',
  };

  it('defaults to the production domain Vercel provides, over https', () => {
    expect(parseEnv(vercel).SITE_URL).toBe('https://elenamarsh.art');
  });

  it('keeps a SITE_URL that is set, and the local default elsewhere', () => {
    expect(parseEnv({ ...vercel, SITE_URL: 'https://www.elenamarsh.art' }).SITE_URL).toBe('https://www.elenamarsh.art');
    expect(parseEnv({ VERCEL_PROJECT_PRODUCTION_URL: 'elenamarsh.art' }).SITE_URL).toBe('http://localhost:3000');
  });
});
