import type { SweepReport } from './sweep';

/** One line for the server log. */
export function sweepSummary(report: SweepReport): string {
  const found = `${report.orphans.length} orphan${report.orphans.length === 1 ? '' : 's'} (${bytes(report.orphanBytes)})`;
  const outcome = report.apply
    ? `${report.removed} removed (${bytes(report.removedBytes)})`
    : 'dry run, nothing removed';
  const errors =
    report.errors.length > 0 ? `, ${report.errors.length} error${report.errors.length === 1 ? '' : 's'}` : '';
  return `Storage sweep: ${report.scanned} file${report.scanned === 1 ? '' : 's'}, ${report.referenced} referenced, ${found}, ${outcome}${errors}`;
}

/** The report as `npm run storage:sweep` prints it. */
export function sweepReportLines(report: SweepReport): string[] {
  const minutes = Math.round(report.graceMs / 60_000);
  const lines = [
    report.apply
      ? `Storage sweep (grace period ${minutes} min)`
      : `Storage sweep, dry run: nothing removed; --apply removes the orphans (grace period ${minutes} min)`,
    `  files scanned   ${report.scanned}`,
    `  referenced      ${report.referenced}`,
    `  recent          ${report.recent} (no reference yet, younger than the grace period: kept)`,
    `  foreign         ${report.foreign} (names no upload has: never touched)`,
    `  orphans         ${report.orphans.length} (${bytes(report.orphanBytes)})`,
  ];
  if (report.apply) lines.push(`  removed         ${report.removed} (${bytes(report.removedBytes)})`);
  for (const orphan of report.orphans)
    lines.push(`    ${orphan.ref}  ${bytes(orphan.size)}  ${orphan.modifiedAt.toISOString()}`);
  for (const error of report.errors) lines.push(`  error: ${error}`);
  lines.push(`  took ${report.durationMs} ms`);
  return lines;
}

function bytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}
