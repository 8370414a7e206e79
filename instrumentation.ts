/**
 * Runs once when a server starts. The Node-only work lives in lib/startup/server.ts so the
 * edge bundle never sees it.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs' && process.env.NEXT_PHASE !== 'phase-production-build') {
    const { startServer } = await import('@/lib/startup/server');
    await startServer();
  }
}
