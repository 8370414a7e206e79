import { defineConfig } from '@playwright/test';
import project from '../../playwright.config';

// The project's own Playwright configuration (browser, launch options, forbidOnly, retries,
// reporters), pointed at one gate fixture (GATE_FIXTURE) and without the web server, which the
// fixtures do not need.
export default defineConfig({
  ...project,
  testDir: '.',
  testMatch: process.env.GATE_FIXTURE ?? 'gate.pw.ts',
  webServer: undefined,
  projects: [{ name: 'gate', use: project.projects?.find((p) => p.name === 'desktop')?.use ?? project.use }],
});
