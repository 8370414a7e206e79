import type * as Production from '@/lib/seams';
import { heldByFault, injectedFault } from './faults';
import { saveFaultFor } from './save-fault';
import { uploadDeadlinesFor } from './upload-deadlines';

/**
 * The test seams of builds made with E2E_SEAMS=1 (next.config.ts aliases lib/seams.ts to this
 * module): the faults the browser suites switch on (lib/testing/faults.ts). Same shape as the
 * production module, checked here.
 */
export const seams: typeof Production = { injectedFault, heldByFault, saveFaultFor, uploadDeadlinesFor };
export { heldByFault, injectedFault, saveFaultFor, uploadDeadlinesFor };
