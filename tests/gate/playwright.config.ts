import { defineConfig } from '@playwright/test';
import project from '../../playwright.config';

// The project's own Playwright configuration (browser, launch options, forbidOnly, retries,
// reporter), pointed at the gate fixture and without the web server, which the fixture does
// not need.
export default defineConfig({
  ...project,
  testDir: '.',
  testMatch: 'gate.pw.ts',
  webServer: undefined,
  projects: [{ name: 'gate', use: project.projects?.find((p) => p.name === 'desktop')?.use ?? project.use }],
});
