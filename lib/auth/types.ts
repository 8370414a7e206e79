import type { Database } from '@/lib/db/port';
import type { Claims } from '@/lib/db/roles';

/** The auth port: what pages, actions and route handlers know of the signed-in user. */
export type SessionUser = { id: string; email: string | null };

export type Session = { user: SessionUser; claims: Claims; expiresAt: Date };

/** What requireAdmin() hands to admin code: the user, and a database bound to run as them. */
export type AdminContext = { user: SessionUser; claims: Claims; db: Database };

/** Why a request is not an admin's: drives the gate (login, Access Denied, failure toast). */
export type AdminDenial = 'no-session' | 'not-admin' | 'check-failed';

export class AdminRequiredError extends Error {
  constructor(
    public readonly reason: AdminDenial,
    options?: ErrorOptions,
  ) {
    super(
      reason === 'no-session'
        ? 'Sign in required'
        : reason === 'not-admin'
          ? 'This area is restricted to administrators only.'
          : 'Could not verify your admin permissions. Please try again later.',
      options,
    );
    this.name = 'AdminRequiredError';
  }
}

export type ActionResult<T> =
  { ok: true; data: T } | { ok: false; error: string; fieldErrors?: Record<string, string[]> };
