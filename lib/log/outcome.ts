import { logger } from './logger';

/**
 * How an admin action or route call ended: ok, refused with the admin's own words (a validation
 * message, 'Artwork not found.'), denied (no session, not an admin), or failed unexpectedly.
 */
export type CallOutcome = 'ok' | 'invalid' | 'refused' | 'denied' | 'failed';

export type CallOutcomeFields = {
  kind: 'action' | 'route';
  /** The action's name, or the route's method and path. */
  name: string;
  outcome: CallOutcome;
  startedAt: number;
  correlationId: string | null;
  userId?: string;
  status?: number;
  /** What the admin was told, for a refusal. */
  reason?: string;
  err?: unknown;
};

/**
 * One server log line per admin call, carrying the request's correlation id: info when it went
 * as planned (ok or a refusal the admin reads), warn when denied, error when it failed. Only
 * admin calls log here, so a quiet site keeps a quiet log.
 */
export function logCallOutcome({ kind, name, outcome, startedAt, ...rest }: CallOutcomeFields): void {
  const fields = {
    feature: `admin-${kind}`,
    [kind]: name,
    outcome,
    durationMs: Math.round(performance.now() - startedAt),
    ...rest,
  };
  const message = `admin ${kind} ${outcome}`;
  if (outcome === 'failed') logger.error(fields, message);
  else if (outcome === 'denied') logger.warn(fields, message);
  else logger.info(fields, message);
}
