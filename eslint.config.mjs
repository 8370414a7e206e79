import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    // Public links prefetch on intent (components/site/intent-link.tsx; docs/architecture.md,
    // Public page budget).
    files: ['app/(site)/**/*.tsx', 'components/site/**/*.tsx'],
    ignores: ['components/site/intent-link.tsx'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'next/link', message: 'Use IntentLink (components/site/intent-link.tsx): public links prefetch on intent, not on sight.' }] }],
    },
  },
  globalIgnores(['.next/**', '.next-*/**', 'node_modules/**', '.data/**', '.data-*/**', 'next-env.d.ts', 'test-results/**', 'playwright-report/**', 'bench-results/**', '.vercel/**']),
]);
