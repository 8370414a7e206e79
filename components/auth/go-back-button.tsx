'use client';

import { Button } from '@/components/ui/button';

export function GoBackButton() {
  return (
    <Button type="button" variant="secondary" onClick={() => window.history.back()}>
      Go Back
    </Button>
  );
}
