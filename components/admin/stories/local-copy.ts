import type { LocalCopy } from '@/lib/stories/form-state';

/** This browser's copy of a story's unsaved changes: per page, the story's id or 'new'. */
const localKey = (page: string | null) => `story-autosave:${page ?? 'new'}`;

export function readLocal(page: string | null): LocalCopy | null {
  try {
    const raw = window.localStorage.getItem(localKey(page));
    return raw ? (JSON.parse(raw) as LocalCopy) : null;
  } catch {
    return null;
  }
}

export function writeLocal(page: string | null, local: LocalCopy | null) {
  try {
    if (local) window.localStorage.setItem(localKey(page), JSON.stringify(local));
    else window.localStorage.removeItem(localKey(page));
  } catch {
    // Private mode or a full quota: autosave to this browser is a convenience, the server save is not affected.
  }
}
