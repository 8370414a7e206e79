'use client';

import { useSelectedLayoutSegment } from 'next/navigation';

/** Admin routes open to someone who is not an admin: the first-run setup checks its own token. */
const PUBLIC_SEGMENTS = new Set(['setup']);

/**
 * For a visitor or a non-admin, the gate's screen, except on a public admin route, which shows
 * its page instead. The pages behind the gate send nothing to a stranger either way: each
 * checks requireAdmin() itself and renders nothing (lib/actions/admin-page.ts).
 */
export function PublicAdminSegment({ page, children }: { page: React.ReactNode; children: React.ReactNode }) {
  const segment = useSelectedLayoutSegment();
  return segment && PUBLIC_SEGMENTS.has(segment) ? page : children;
}
