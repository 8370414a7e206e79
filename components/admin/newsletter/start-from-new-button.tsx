'use client';

import { Sparkles } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { runAction } from '@/components/admin/run-action';
import { Button } from '@/components/ui/button';
import { draftNewSinceAction } from '@/lib/newsletter/actions';
import { toast } from '@/lib/toast';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "Start from what's new": makes the draft on the server, then opens it in the editor. */
export function StartFromNewButton() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      const result = await runAction(() => draftNewSinceAction({}), 'No draft made');
      if (!result.ok) return;
      const { id, paintings, stories } = result.data;
      toast.success('Draft started', {
        description:
          paintings + stories > 0
            ? `With ${count(paintings, 'new painting', 'new paintings')} and ${count(stories, 'story', 'stories')}. Write your introduction at the top.`
            : 'Nothing new was published since the last letter: the draft has only its introduction.',
      });
      router.push(`/admin/newsletter/${id}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      type="button"
      variant="secondary"
      onClick={() => void start()}
      disabled={busy}
      aria-busy={busy || undefined}
    >
      <Sparkles aria-hidden className="size-4" /> {busy ? 'Starting…' : 'Start from what’s new'}
    </Button>
  );
}
