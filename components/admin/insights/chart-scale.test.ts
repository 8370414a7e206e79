import { describe, expect, it } from 'vitest';
import { barLength, lineGeometry, niceStep, shortDayLabel, stackSegments } from './chart-scale';

const days = (views: number[]) => views.map((v, i) => ({ day: `2026-03-${String(i + 1).padStart(2, '0')}`, views: v }));

describe('the Insights chart geometry', () => {
  it('steps the y axis by 1, 2 or 5 times a power of ten, never below 1', () => {
    expect(niceStep(0)).toBe(1);
    expect(niceStep(3)).toBe(1);
    expect(niceStep(7)).toBe(2);
    expect(niceStep(17)).toBe(5);
    expect(niceStep(132)).toBe(50);
    expect(niceStep(4000)).toBe(1000);
  });

  it('puts 0 on the axis and the largest count at or under the top tick', () => {
    const chart = lineGeometry(days([0, 3, 7, 2]));
    expect(chart.yTicks.map((t) => t.value)).toEqual([0, 2, 4, 6, 8]);
    expect(chart.yTicks[0]!.at).toBe(chart.plot.bottom);
    expect(chart.yTicks.at(-1)!.at).toBe(chart.plot.top);
    // A count of 7 sits 7/8 of the way up (the plot is 218 high); the first point at the left edge, the last at the right.
    expect(chart.plot).toEqual({ left: 44, top: 12, right: 628, bottom: 230 });
    expect(chart.line).toBe('M44,230L238.67,148.25L433.33,39.25L628,175.5');
    expect(chart.area.endsWith(`L628,${chart.plot.bottom}L44,${chart.plot.bottom}Z`)).toBe(true);
  });

  it('keeps a flat line of zeros on the axis with a 0 to 1 scale', () => {
    const chart = lineGeometry(days([0, 0, 0]));
    expect(chart.yTicks.map((t) => t.label)).toEqual(['0', '1']);
    expect(chart.line.split('L').every((p) => p.endsWith(`,${chart.plot.bottom}`))).toBe(true);
  });

  it('labels up to five days in British English, first and last included and anchored inwards', () => {
    const chart = lineGeometry(days(Array.from({ length: 30 }, () => 1)));
    expect(chart.xTicks.map((t) => t.label)).toEqual(['1 Mar', '8 Mar', '16 Mar', '23 Mar', '30 Mar']);
    expect(chart.xTicks.map((t) => t.anchor)).toEqual(['start', 'middle', 'middle', 'middle', 'end']);
    expect(chart.xTicks[0]!.at).toBe(chart.plot.left);
    expect(chart.xTicks.at(-1)!.at).toBe(chart.plot.right);
    expect(shortDayLabel('2026-12-25')).toBe('25 Dec');
  });

  it('draws a single day in the middle and nothing for no days', () => {
    const one = lineGeometry(days([4]));
    expect(one.xTicks).toEqual([{ value: 0, at: 336, label: '1 Mar', anchor: 'middle' }]);
    expect(lineGeometry([]).line).toBe('');
  });

  it('scales bars against the largest value and keeps a small count visible', () => {
    expect(barLength(5, 10)).toBe(50);
    expect(barLength(10, 10, 200)).toBe(200);
    expect(barLength(1, 1000)).toBe(1);
    expect(barLength(0, 10)).toBe(0);
  });

  it('stacks segments that fill the bar exactly', () => {
    const segments = stackSegments([4, 2, 1]);
    expect(segments).toEqual([
      { x: 0, length: 57.14 },
      { x: 57.14, length: 28.57 },
      { x: 85.71, length: 14.29 },
    ]);
    expect(stackSegments([0, 0, 0])).toEqual([0, 0, 0].map(() => ({ x: 0, length: 0 })));
  });
});
