import { defineConfig } from 'vitest/config';
import project from '../../vitest.config.mts';

// The project's own vitest configuration (global setup with the PostgreSQL server included),
// pointed at the gate fixture only. (mergeConfig would append to `include`, not replace it.)
export default defineConfig({
  ...project,
  test: { ...project.test, include: ['tests/gate/gate.fixture.ts'] },
});
