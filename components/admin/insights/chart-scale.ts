/**
 * Geometry of the Insights charts, drawn on the server as SVG: pure numbers in a viewBox, so a
 * chart scales to any width and these can be tested without a browser.
 */

/** A step of 1, 2 or 5 times a power of ten (at least 1: counts are whole) that covers `max` in about `ticks` steps. */
export function niceStep(max: number, ticks = 4): number {
  const raw = Math.max(max / ticks, 1);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw)!;
  return step;
}

export type Tick = { value: number; at: number; label: string };
export type LineGeometry = {
  width: number;
  height: number;
  plot: { left: number; top: number; right: number; bottom: number };
  /** The line through every point, as an SVG path. */
  line: string;
  /** The same line closed down to the axis, for a light fill. */
  area: string;
  yTicks: Tick[];
  xTicks: (Tick & { anchor: 'start' | 'middle' | 'end' })[];
};

const number = new Intl.NumberFormat('en-GB');
const shortDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** '3 Mar', read in UTC as the store's days are. */
export function shortDayLabel(day: string): string {
  return shortDay.format(new Date(`${day}T00:00:00Z`));
}

/**
 * A line chart of one count per day: the y axis from 0 to a round number at or above the
 * largest count, the x axis labelled at up to `xLabels` evenly spread days (first and last
 * included, anchored inwards so they stay inside the chart).
 */
export function lineGeometry(
  points: readonly { day: string; views: number }[],
  { width = 640, height = 260, xLabels = 5 }: { width?: number; height?: number; xLabels?: number } = {},
): LineGeometry {
  const plot = { left: 44, top: 12, right: width - 12, bottom: height - 30 };
  const max = Math.max(0, ...points.map((p) => p.views));
  const step = niceStep(max);
  const top = Math.max(step, Math.ceil(max / step) * step);
  const y = (v: number) => round(plot.bottom - (v / top) * (plot.bottom - plot.top));
  const n = points.length;
  const x = (i: number) =>
    round(n <= 1 ? (plot.left + plot.right) / 2 : plot.left + (i * (plot.right - plot.left)) / (n - 1));

  const coords = points.map((p, i) => `${x(i)},${y(p.views)}`);
  const line = coords.length ? `M${coords.join('L')}` : '';
  const area = coords.length ? `${line}L${x(n - 1)},${plot.bottom}L${x(0)},${plot.bottom}Z` : '';

  const yTicks: Tick[] = [];
  for (let v = 0; v <= top; v += step) yTicks.push({ value: v, at: y(v), label: number.format(v) });

  const labelCount = Math.min(xLabels, n);
  const indices =
    labelCount <= 1
      ? n
        ? [0]
        : []
      : [...new Set(Array.from({ length: labelCount }, (_, k) => Math.round((k * (n - 1)) / (labelCount - 1))))];
  const xTicks = indices.map((i, k) => ({
    value: i,
    at: x(i),
    label: shortDayLabel(points[i]!.day),
    anchor:
      indices.length === 1
        ? ('middle' as const)
        : k === 0
          ? ('start' as const)
          : k === indices.length - 1
            ? ('end' as const)
            : ('middle' as const),
  }));
  return { width, height, plot, line, area, yTicks, xTicks };
}

/** A bar's length for a value against the largest, in a track `width` long; a count above 0 always shows. */
export function barLength(value: number, max: number, width = 100): number {
  if (value <= 0 || max <= 0) return 0;
  return Math.max(round((value / max) * width), 1);
}

/** Segments of a stacked bar `width` long, in order, their lengths adding up to the whole width. */
export function stackSegments(values: readonly number[], width = 100): { x: number; length: number }[] {
  const total = values.reduce((sum, v) => sum + v, 0);
  let seen = 0;
  return values.map((value) => {
    const x = total ? round((seen / total) * width) : 0;
    seen += value;
    const end = total ? round((seen / total) * width) : 0;
    return { x, length: round(end - x) };
  });
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}
