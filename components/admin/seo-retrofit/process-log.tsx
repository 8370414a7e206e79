import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import type { LogLine } from './run-retrofit';

const look = {
  info: { icon: Info, className: 'text-ink-soft', label: 'Info' },
  success: { icon: CircleCheck, className: 'text-wash', label: 'Success' },
  error: { icon: CircleAlert, className: 'text-clay', label: 'Error' },
} as const;

const time = (at: Date) => at.toLocaleTimeString('en-GB', { hour12: false });

/** The Process Log: timestamped info, success and error lines, each with an optional details line. */
export function ProcessLog({ lines }: { lines: LogLine[] }) {
  return (
    <section aria-labelledby="process-log-heading" className="rounded-card border border-line bg-white p-4 sm:p-5">
      <h2 id="process-log-heading" className="font-serif text-xl">
        Process Log
      </h2>
      {lines.length === 0 ? (
        <p className="mt-2 text-sm text-ink-soft">The log fills in as the retrofit runs.</p>
      ) : (
        <div
          role="log"
          aria-live="polite"
          aria-label="Process Log lines"
          tabIndex={0}
          className="mt-3 max-h-[28rem] overflow-y-auto"
        >
          <ol className="flex flex-col gap-1.5 font-mono text-sm">
            {lines.map((line, index) => {
              const { icon: Icon, className, label } = look[line.type];
              return (
                <li key={index} data-type={line.type} className="flex gap-2">
                  <Icon aria-hidden className={`mt-0.5 size-4 shrink-0 ${className}`} />
                  <div className="min-w-0">
                    <p className="break-words text-ink">
                      <time dateTime={line.at.toISOString()} className="text-ink-soft">
                        [{time(line.at)}]
                      </time>{' '}
                      <span className="sr-only">{label}: </span>
                      {line.message}
                    </p>
                    {line.details ? <p className="break-words pl-4 text-ink-soft">{line.details}</p> : null}
                  </div>
                </li>
              );
            })}
          </ol>
        </div>
      )}
    </section>
  );
}
