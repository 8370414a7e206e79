import type { LetterStatus } from './letter-fields';
import { londonDateTime, londonDay } from './london-time';

/** How far a letter being sent has gone (lib/newsletter/sending.ts, letterProgress). */
export type Progress = { total: number; sent: number; waiting: number; failed: number };

type StatusOf = {
  status: LetterStatus;
  sendAt: Date | null;
  startedAt: Date | null;
  sentAt: Date | null;
  recipients: number;
};

/**
 * A letter's state as the owner reads it (docs/product.md, Letters): Draft; Scheduled for
 * 1 December 2026 at 09:30; Sending 120 of 450; Sent 1 December 2026 to 450. London time.
 */
export function letterStatusText(letter: StatusOf, progress?: Progress | null): string {
  switch (letter.status) {
    case 'draft':
      return 'Draft';
    case 'scheduled':
      return letter.sendAt ? `Scheduled for ${londonDateTime(letter.sendAt)}` : 'Scheduled';
    case 'sending':
      return `Sending ${progress?.sent ?? 0} of ${progress?.total ?? letter.recipients}`;
    case 'sent': {
      const when = letter.startedAt ?? letter.sentAt;
      return `Sent${when ? ` ${londonDay(when)}` : ''} to ${letter.recipients}`;
    }
  }
}
