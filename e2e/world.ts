import { seedArtworks } from '../lib/seed/artworks-data';

/**
 * What the e2e database holds, shared by scripts/e2e-fixtures.ts (which makes it before the
 * server starts) and the specs. No Playwright imports: the fixtures script runs under tsx.
 */
export const accounts = {
  admin: { email: process.env.E2E_ADMIN_EMAIL ?? 'admin@example.com', password: process.env.E2E_ADMIN_PASSWORD ?? 'correct horse battery staple' },
  viewer: { email: 'viewer@example.com', password: 'viewer password 123' },
  // Non-admin; its admin check is what e2e/faults.ts slows down or breaks.
  faults: { email: 'faults@example.com', password: 'faults password 123' },
  // Admin whose admin check e2e/faults.ts slows down, so an admin page's loading state shows.
  slowAdmin: { email: 'slow-admin@example.com', password: 'slow admin password 123' },
  // Admin of its own for e2e/two-factor.spec.ts, which turns two-factor sign-in on and off.
  twoFactor: { email: 'twofactor@example.com', password: 'two factor password 123' },
  // Admin of its own for the spec's test of what turning two-factor sign-in on and off ends.
  twoFactorSessions: { email: 'twofactor-sessions@example.com', password: 'two factor sessions password 123' },
} as const;

/** A session of the viewer that expired in 2020. */
export const EXPIRED_SESSION_TOKEN = 'e2eExpiredSessionTokenXXXXXXXXXXXXXXXXXXXXX';

/** The seed's Florals are unpublished in the e2e database: two drafts, two archived. */
export const UNPUBLISHED_CATEGORY = 'Florals';
const florals = seedArtworks.filter((art) => art.category === UNPUBLISHED_CATEGORY);
export const draftSlugs = florals.slice(0, 2).map((art) => art.slug);
export const archivedSlugs = florals.slice(2).map((art) => art.slug);

/** The seeded artworks a visitor sees. */
export const publishedSeed = seedArtworks.filter((art) => art.category !== UNPUBLISHED_CATEGORY);
