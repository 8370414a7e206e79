/** What other features use of insights on the server; its other modules are its own. */
export { countable } from './counting';
export { toCsv } from './csv';
export { INSIGHT_TYPE, PageLoadMemory, insightsFrom } from './from-telemetry';
export { InsightsBuffer } from './record-buffer';
export { pruneInsights } from './store';
