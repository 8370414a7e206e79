import { DATABASE_UNREACHABLE, isDatabaseUnreachable } from '@/lib/db/health';

/**
 * An error written for the person using the admin (a domain refusal such as 'Artwork not
 * found.' or a validation message): its message is shown as it is. Any other error is
 * unexpected: its details (a database error carries the SQL and its parameters) go to the server
 * log only, and the person sees publicMessage() with the request's correlation id, which finds
 * the log lines. An unreachable database is said as such: nothing was saved, try again soon.
 */
export class UserFacingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UserFacingError';
  }
}

export const UNEXPECTED_ERROR = 'Something went wrong. Please try again.';

/**
 * What the admin is told about a failure: a UserFacingError's own message, otherwise a friendly
 * one with the correlation id; the details went to the server log (they may carry SQL).
 */
export function publicMessage(error: unknown, correlationId?: string | null): string {
  if (error instanceof UserFacingError && error.message) return error.message;
  if (isDatabaseUnreachable(error)) return DATABASE_UNREACHABLE;
  return correlationId ? `${UNEXPECTED_ERROR} Reference: ${correlationId}` : UNEXPECTED_ERROR;
}
