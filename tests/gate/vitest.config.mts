import { defineConfig } from 'vitest/config';
import project from '../../vitest.config.mts';

// The project's own vitest configuration (global setup with the PostgreSQL server included,
// reporters), pointed at one gate fixture (GATE_FIXTURE) with the retry its integration files get.
// (mergeConfig would append to `include`, not replace it.)
const integration = project.test?.projects?.find((entry) => typeof entry === 'object' && 'test' in entry && entry.test?.name === 'integration');
const retry = integration && typeof integration === 'object' && 'test' in integration ? integration.test?.retry : undefined;

export default defineConfig({
  ...project,
  test: { ...project.test, projects: undefined, retry, include: [process.env.GATE_FIXTURE ?? 'tests/gate/gate.fixture.ts'] },
});
