export type Refusal = { name: string; reason: string };

/** The files the last drop or choice refused, each with its name and why; they were not queued. */
export function RefusedFiles({ refused, onDismiss }: { refused: Refusal[]; onDismiss: () => void }) {
  return (
    <div role="alert" className="empty:hidden">
      {refused.length > 0 ? (
        <div className="rounded-card border border-clay/40 bg-[#fbf1ec] p-4">
          <p className="font-medium text-clay">
            {refused.length === 1 ? '1 file was not added' : `${refused.length} files were not added`}
          </p>
          <ul className="mt-2 flex flex-col gap-1 text-sm text-ink">
            {refused.map((file, index) => (
              <li key={`${index}-${file.name}`}>
                <span className="font-medium break-all">{file.name}</span>: {file.reason}
              </li>
            ))}
          </ul>
          <button
            type="button"
            onClick={onDismiss}
            className="mt-3 text-sm text-wash underline underline-offset-4 hover:text-wash-deep"
          >
            Dismiss
          </button>
        </div>
      ) : null}
    </div>
  );
}
