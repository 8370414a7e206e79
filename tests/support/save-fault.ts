import 'server-only';
import { UserFacingError } from '@/lib/actions/user-facing-error';
import { injectedFault } from './faults';

/**
 * The save of one artwork fails while the fault `save-artwork-{slug}` is on (tests/support/
 * faults.ts; off outside the e2e server), keyed by the slug the form sent so a test's fault
 * never reaches another test's save. Run as SaveDeps.beforeWrite, inside the save's transaction:
 * it fails as a real write would, and the save gives up its upload as it would then.
 */
export function saveFaultFor(fields: unknown): () => void {
  const slug = typeof fields === 'object' && fields !== null && 'slug' in fields && typeof fields.slug === 'string' ? fields.slug.trim() : '';
  return () => {
    if (slug && injectedFault(`save-artwork-${slug}`)) throw new UserFacingError('Injected fault: the save failed.');
  };
}
