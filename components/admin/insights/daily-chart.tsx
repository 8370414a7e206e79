import { Table, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDay } from '@/lib/insights/range';
import { formatCount } from '@/lib/insights/screen';
import { lineGeometry } from './chart-scale';

type Point = { day: string; views: number };

/**
 * Views per day as a line. The SVG is one image to a screen reader, named by a summary; the day
 * by day numbers are a real table under "Show as table".
 */
export function DailyChart({ daily, total }: { daily: Point[]; total: number }) {
  const busiest = daily.reduce<Point | null>((best, p) => (p.views > (best?.views ?? 0) ? p : best), null);
  const first = daily[0];
  const last = daily.at(-1);
  const summary =
    first && last
      ? `Views per day from ${formatDay(first.day)} to ${formatDay(last.day)}: ${formatCount(total)} in all` +
        (busiest ? `, the most on ${formatDay(busiest.day)} (${formatCount(busiest.views)}).` : '.')
      : 'Views per day.';
  return (
    <figure>
      {/* Drawn twice, for a phone's width and a wider screen's, so the labels stay about 12-16 px
          (one SVG scaled from a phone to a desktop made them 6 px or 20 px); only one shows. */}
      <LineSvg
        chart={lineGeometry(daily, { width: 360, height: 220, xLabels: 3 })}
        summary={summary}
        className="sm:hidden"
      />
      <LineSvg
        chart={lineGeometry(daily, { width: 960, height: 300, xLabels: 6 })}
        summary={summary}
        className="hidden sm:block"
      />
      <figcaption className="mt-2 text-sm text-ink-soft">{summary}</figcaption>
      <details className="mt-3">
        <summary className="inline-flex min-h-6 cursor-pointer items-center text-sm font-medium text-wash-deep underline underline-offset-4">
          Show as table
        </summary>
        {/* Scrolls inside its own box (a year is 365 rows), so it takes focus for keyboard scrolling (axe: scrollable-region-focusable). */}
        <div
          tabIndex={0}
          role="region"
          aria-label="Views per day, day by day"
          className="mt-3 max-h-96 overflow-y-auto rounded-card"
        >
          {/* A year is 365 rows: plain rows styled from the table (the primitives' classes on
              every cell were half the page's HTML and its RSC payload). */}
          <Table className="[&_td]:px-4 [&_td]:py-2 [&_td+td]:text-right [&_td+td]:tabular-nums [&_tbody_tr]:border-b [&_tbody_tr]:border-line">
            <caption className="sr-only">Views per day</caption>
            <TableHeader>
              <TableRow>
                <TableHead>Day</TableHead>
                <TableHead className="text-right">Views</TableHead>
              </TableRow>
            </TableHeader>
            <tbody>
              {daily.map(({ day, views }) => (
                <tr key={day}>
                  <td>{formatDay(day)}</td>
                  <td>{formatCount(views)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      </details>
    </figure>
  );
}

function LineSvg({
  chart,
  summary,
  className,
}: {
  chart: ReturnType<typeof lineGeometry>;
  summary: string;
  className: string;
}) {
  return (
    <svg
      viewBox={`0 0 ${chart.width} ${chart.height}`}
      role="img"
      aria-label={summary}
      className={`h-auto w-full overflow-visible text-[13px] ${className}`}
    >
      {chart.yTicks.map((tick) => (
        <g key={tick.value}>
          <line
            x1={chart.plot.left}
            x2={chart.plot.right}
            y1={tick.at}
            y2={tick.at}
            className="stroke-line"
            strokeWidth={1}
          />
          <text x={chart.plot.left - 8} y={tick.at} dy="0.35em" textAnchor="end" className="fill-ink-soft">
            {tick.label}
          </text>
        </g>
      ))}
      {chart.xTicks.map((tick) => (
        <text
          key={tick.value}
          x={tick.at}
          y={chart.plot.bottom + 20}
          textAnchor={tick.anchor}
          className="fill-ink-soft"
        >
          {tick.label}
        </text>
      ))}
      <path d={chart.area} className="fill-wash-light" />
      <path
        d={chart.line}
        className="fill-none stroke-wash"
        strokeWidth={2}
        strokeLinejoin="round"
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}
