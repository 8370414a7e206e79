'use client';

import { History } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { restorePreviousTextAction } from '@/lib/ai/actions';
import { toast } from '@/lib/toast';

/**
 * On the edit page of an artwork the AI retrofit changed: puts back the text from before it
 * (fields edited since keep their text). The page reloads its data, and the form with it.
 */
export function RestorePreviousTextButton({ id }: { id: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const restore = async () => {
    setBusy(true);
    try {
      const result = await restorePreviousTextAction({ id });
      if (!result.ok) {
        toast.error('Restore Failed', { description: result.error });
        return;
      }
      toast.success('Previous Text Restored', {
        description: `${result.data.restored.length} fields are back as they were before the AI retrofit.`,
      });
      router.refresh();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type="button" variant="secondary" onClick={restore} disabled={busy} aria-busy={busy || undefined}>
      <History aria-hidden className="size-4" />
      {busy ? 'Restoring…' : 'Restore previous text'}
    </Button>
  );
}
