import type { CardStatus } from '@/lib/diagnostics/client-checks';
import type { RowStatus } from '@/lib/diagnostics/self-checks';

// Text on a light tint of its colour: every pair meets WCAG AA contrast.
const tones: Record<CardStatus | RowStatus | 'checking', string> = {
  running: 'bg-wash-light text-wash-deep',
  checking: 'bg-wash-light text-wash-deep',
  success: 'bg-emerald-100 text-emerald-900',
  PASS: 'bg-emerald-100 text-emerald-900',
  warning: 'bg-amber-100 text-amber-900',
  WARN: 'bg-amber-100 text-amber-900',
  skipped: 'bg-paper-deep text-ink',
  INFO: 'bg-paper-deep text-ink',
  error: 'bg-red-100 text-red-900',
  FAIL: 'bg-red-100 text-red-900',
};

export function StatusBadge({ status }: { status: CardStatus | RowStatus | 'checking' }) {
  return (
    <span
      className={`inline-block shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold tracking-wide ${tones[status]}`}
    >
      {status}
    </span>
  );
}
