import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

// Cache tags expire in one place, lib/cache/invalidate.ts, named by what changed, so no write
// forgets a tag and every expiry reaches the cache handlers the same way (docs/architecture.md).
const cacheExpiry = {
  name: 'next/cache',
  importNames: ['revalidateTag', 'updateTag', 'revalidatePath'],
  message: 'Expire cache tags through lib/cache/invalidate.ts (invalidatePublicContent, invalidateShop, ...).',
};

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    files: ['**/*.{js,mjs,cjs,ts,tsx,mts,cts}'],
    ignores: ['lib/cache/invalidate.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [cacheExpiry] }] },
  },
  {
    // Public links prefetch on intent (components/site/intent-link.tsx; docs/architecture.md,
    // Public page budget).
    files: ['app/(site)/**/*.tsx', 'components/site/**/*.tsx'],
    ignores: ['components/site/intent-link.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          // A later block's options replace this rule's, so the cache rule is repeated here.
          paths: [
            cacheExpiry,
            {
              name: 'next/link',
              message:
                'Use IntentLink (components/site/intent-link.tsx): public links prefetch on intent, not on sight.',
            },
          ],
        },
      ],
    },
  },
  {
    // A function longer than a screenful does too many things to read or test in one go: split
    // it into a reducer, hooks or smaller parts. Every line counts, blank and comment lines too.
    files: ['app/**', 'components/**', 'lib/**', 'cache-handlers/**', '*.ts'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'playwright*.ts'],
    rules: {
      'max-lines-per-function': ['error', { max: 120, skipBlankLines: false, skipComments: false }],
    },
  },
  globalIgnores([
    '.next/**',
    '.next-*/**',
    'node_modules/**',
    '.data/**',
    '.data-*/**',
    'next-env.d.ts',
    'test-results/**',
    'playwright-report/**',
    'bench-results/**',
    '.vercel/**',
  ]),
]);
