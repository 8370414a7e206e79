import { useState } from 'react';

/**
 * The AI helpers' life cycle, for an artwork or a story: closed, generating, shown. The first
 * generation keeps a snapshot of the fields (for Undo); regenerating one field asks again and
 * replaces that field's suggestion only. `ask` says why it has nothing (a toast) and returns null.
 */
export function useSuggestions<S extends object, K extends keyof S, Snapshot>(
  ask: () => Promise<S | null>,
  snapshotNow: () => Snapshot,
) {
  const [suggestion, setSuggestion] = useState<S | null>(null);
  const [snapshot, setSnapshot] = useState<Snapshot | null>(null);
  const [busy, setBusy] = useState<'all' | K | null>(null);

  const generate = async () => {
    setBusy('all');
    try {
      const fresh = await ask();
      if (!fresh) return;
      if (!snapshot) setSnapshot(snapshotNow());
      setSuggestion(fresh);
    } finally {
      setBusy(null);
    }
  };

  const regenerate = async (key: K) => {
    setBusy(key);
    try {
      const fresh = await ask();
      // Only this field changes; the other suggestions stay as they were.
      if (fresh) setSuggestion((current) => (current ? { ...current, [key]: fresh[key] } : fresh));
    } finally {
      setBusy(null);
    }
  };

  /** Back to closed, the snapshot dropped (after Undo has used it). */
  const close = () => {
    setSnapshot(null);
    setSuggestion(null);
  };

  const state = busy === 'all' ? 'generating' : suggestion ? 'shown' : 'closed';
  return { suggestion, snapshot, busy, state, generate, regenerate, close } as const;
}
