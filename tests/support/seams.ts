import type * as Production from '@/lib/seams';
import { faultValue, heldByFault, injectedFault } from './faults';
import { saveFaultFor } from './save-fault';
import { uploadDeadlinesFor } from './upload-deadlines';

/**
 * The test seams of builds made with E2E_SEAMS=1 (next.config.ts aliases lib/seams.ts to this
 * module): the faults the browser suites switch on (tests/support/faults.ts). Same shape as the
 * production module, checked here.
 */
/**
 * Insights' today is the day the suite's fixtures were recorded on (scripts/e2e-fixtures.ts writes
 * it to the fault `insights-today`), so a run that crosses midnight reads the days the fixtures
 * and the tests count from. Without the file, the clock's.
 */
export function insightsToday(): string | undefined {
  return faultValue('insights-today');
}

export const seams: typeof Production = { injectedFault, heldByFault, saveFaultFor, uploadDeadlinesFor, insightsToday };
export { heldByFault, injectedFault, saveFaultFor, uploadDeadlinesFor };
