import type { LogLevel } from '@/lib/log-viewer/queries';

// Dark text on a light tint: every pair meets WCAG AA contrast.
const tint: Record<LogLevel, string> = {
  debug: 'bg-paper-deep text-ink-soft border-line',
  info: 'bg-wash-light text-wash-deep border-wash/30',
  warn: 'bg-amber-100 text-amber-900 border-amber-300',
  error: 'bg-red-100 text-red-900 border-red-300',
  fatal: 'bg-red-900 text-white border-red-900',
};

export function LevelBadge({ level }: { level: LogLevel }) {
  return (
    <span
      className={`inline-flex rounded-full border px-2 py-0.5 text-xs font-semibold uppercase tracking-wide ${tint[level]}`}
    >
      {level}
    </span>
  );
}
