import type { CardResult } from '@/lib/diagnostics/client-checks';
import { StatusBadge } from './status-badge';

export function CheckCard({
  id,
  title,
  result,
  onRerun,
}: {
  id: string;
  title: string;
  result: CardResult;
  onRerun: () => void;
}) {
  const running = result.status === 'running';
  return (
    <li
      className="flex flex-col gap-3 rounded-card border border-line bg-white p-5 shadow-sm"
      data-check={id}
      data-status={result.status}
      aria-busy={running}
    >
      <div className="flex items-start justify-between gap-3">
        <h3 className="text-lg">{title}</h3>
        <StatusBadge status={result.status} />
      </div>
      <p className="grow text-sm break-words text-ink-soft">{result.message}</p>
      <button type="button" className="btn btn-secondary btn-sm self-start" onClick={onRerun} disabled={running}>
        Re-run<span className="sr-only"> {title}</span>
      </button>
    </li>
  );
}
