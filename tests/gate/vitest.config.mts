import { defineConfig } from 'vitest/config';
import project, { retry } from '../../vitest.config.mts';

// The project's own vitest configuration (global setup with the PostgreSQL server included,
// reporters), pointed at one gate fixture (GATE_FIXTURE) with the retry its integration files get.
// (mergeConfig would append to `include`, not replace it.)

export default defineConfig({
  ...project,
  test: {
    ...project.test,
    projects: undefined,
    retry,
    include: [process.env.GATE_FIXTURE ?? 'tests/gate/gate.fixture.ts'],
  },
});
