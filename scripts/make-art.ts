/**
 * Generates the demo imagery (artworks, carousel, portrait, blog heroes, Open Graph image and app
 * icons) from code: layered translucent SVG washes rendered by sharp/librsvg. Deterministic: every
 * random choice comes from a PRNG seeded by the image's name, so re-running gives the same bytes.
 *
 *   npx tsx scripts/make-art.ts            # write everything
 *   ART_PREVIEW=1 npx tsx scripts/make-art.ts   # one PNG per motif into /tmp/art-preview
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { seedArtworks, type SeedArtwork } from '../lib/seed/artworks-data';
import { icoOf } from './ico';
import { mulberry32, type Rng } from './random';

type Motif = SeedArtwork['motif'];
type Palette = readonly [string, string, string, string];

const ROOT = path.resolve(import.meta.dirname, '..');

// ---------------------------------------------------------------------------------------------
// Deterministic randomness

function hashString(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

const between = (rng: Rng, lo: number, hi: number) => lo + (hi - lo) * rng();
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)] as T;
const r1 = (n: number) => Math.round(n * 10) / 10;

// ---------------------------------------------------------------------------------------------
// Colour helpers

function hexToRgb(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
}

function rgbToHex([r, g, b]: [number, number, number]): string {
  const c = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, '0');
  return `#${c(r)}${c(g)}${c(b)}`;
}

function mix(a: string, b: string, t: number): string {
  const x = hexToRgb(a);
  const y = hexToRgb(b);
  return rgbToHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

/** A slight random drift of hue/value so repeated washes of one colour are not identical. */
function vary(rng: Rng, hex: string, amount = 14): string {
  const [r, g, b] = hexToRgb(hex);
  const d = () => between(rng, -amount, amount);
  return rgbToHex([r + d(), g + d(), b + d()]);
}

// ---------------------------------------------------------------------------------------------
// Shapes

type Pt = [number, number];

/** Closed Catmull-Rom spline through the points, as cubic Béziers. */
function smoothClosed(points: Pt[]): string {
  const n = points.length;
  const p = (i: number) => points[((i % n) + n) % n] as Pt;
  let d = `M${r1(p(0)[0])},${r1(p(0)[1])}`;
  for (let i = 0; i < n; i++) {
    const p0 = p(i - 1);
    const p1 = p(i);
    const p2 = p(i + 1);
    const p3 = p(i + 2);
    const c1: Pt = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2: Pt = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += `C${r1(c1[0])},${r1(c1[1])} ${r1(c2[0])},${r1(c2[1])} ${r1(p2[0])},${r1(p2[1])}`;
  }
  return `${d}Z`;
}

/** An irregular rounded blob around (cx, cy). */
function blob(rng: Rng, cx: number, cy: number, rx: number, ry: number, wobble = 0.22, rotation = 0): string {
  const count = 9 + Math.floor(rng() * 6);
  const points: Pt[] = [];
  const phase = rng() * Math.PI * 2;
  for (let i = 0; i < count; i++) {
    const a = phase + (i / count) * Math.PI * 2;
    const k = 1 + between(rng, -wobble, wobble);
    const x = Math.cos(a) * rx * k;
    const y = Math.sin(a) * ry * k;
    points.push([
      cx + x * Math.cos(rotation) - y * Math.sin(rotation),
      cy + x * Math.sin(rotation) + y * Math.cos(rotation),
    ]);
  }
  return smoothClosed(points);
}

/** A band across the picture whose top edge undulates; it fills down to `bottom`. */
function band(rng: Rng, w: number, top: number, bottom: number, amplitude: number, waves = 2): string {
  const steps = 14;
  const phases = [rng() * 6.28, rng() * 6.28, rng() * 6.28];
  const pts: Pt[] = [];
  for (let i = 0; i <= steps; i++) {
    const x = -0.08 * w + (i / steps) * w * 1.16;
    const t = i / steps;
    const y =
      top +
      amplitude *
        (0.6 * Math.sin(t * Math.PI * waves + phases[0]!) +
          0.3 * Math.sin(t * Math.PI * waves * 2.3 + phases[1]!) +
          0.25 * between(rng, -1, 1));
    pts.push([x, y]);
  }
  let d = `M${r1(pts[0]![0])},${r1(pts[0]![1])}`;
  for (let i = 0; i < pts.length - 1; i++) {
    const p0 = pts[Math.max(0, i - 1)]!;
    const p1 = pts[i]!;
    const p2 = pts[i + 1]!;
    const p3 = pts[Math.min(pts.length - 1, i + 2)]!;
    d += `C${r1(p1[0] + (p2[0] - p0[0]) / 6)},${r1(p1[1] + (p2[1] - p0[1]) / 6)} ${r1(p2[0] - (p3[0] - p1[0]) / 6)},${r1(p2[1] - (p3[1] - p1[1]) / 6)} ${r1(p2[0])},${r1(p2[1])}`;
  }
  d += `L${r1(w * 1.1)},${r1(bottom)} L${r1(-w * 0.1)},${r1(bottom)} Z`;
  return d;
}

// ---------------------------------------------------------------------------------------------
// SVG assembly

type Wash = { d: string; color: string; opacity: number; filter: 'wet' | 'soft' | 'mist' | 'crisp' };

class Painting {
  readonly washes: Wash[] = [];
  constructor(
    readonly w: number,
    readonly h: number,
    readonly rng: Rng,
    readonly palette: Palette,
  ) {}

  add(d: string, color: string, opacity: number, filter: Wash['filter'] = 'wet') {
    this.washes.push({ d, color, opacity, filter });
  }

  /** Lays the same shape two or three times with drifting colour, like glazed washes. */
  glaze(d: string, color: string, opacity: number, layers = 2, filter: Wash['filter'] = 'wet') {
    for (let i = 0; i < layers; i++) this.add(d, vary(this.rng, color, 10), opacity * (i === 0 ? 1 : 0.55), filter);
  }
}

function filters(p: Painting, seed: number): string {
  const s = Math.max(p.w, p.h) / 1600; // scale displacement with size
  const wet = (id: string, freq: number, scale: number, blur: number, seedOffset: number) => `
    <filter id="${id}" x="-15%" y="-15%" width="130%" height="130%" color-interpolation-filters="sRGB">
      <feTurbulence type="fractalNoise" baseFrequency="${freq / s}" numOctaves="3" seed="${(seed + seedOffset) % 9973}" result="noise"/>
      <feDisplacementMap in="SourceGraphic" in2="noise" scale="${r1(scale * s)}" xChannelSelector="R" yChannelSelector="G" result="moved"/>
      <feGaussianBlur in="moved" stdDeviation="${r1(blur * s)}" result="body"/>
      <feMorphology in="body" operator="erode" radius="${r1(Math.max(1, 5 * s))}" result="inner"/>
      <feComposite in="body" in2="inner" operator="out" result="rim"/>
      <feGaussianBlur in="rim" stdDeviation="${r1(Math.max(0.8, 2.2 * s))}" result="rimSoft"/>
      <feTurbulence type="fractalNoise" baseFrequency="${r1((0.35 / s) * 100) / 100}" numOctaves="1" seed="${(seed + seedOffset + 7) % 9973}" result="grain"/>
      <feColorMatrix in="grain" type="matrix" values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  3.2 0 0 0 -1.55" result="grainA"/>
      <feComposite in="body" in2="grainA" operator="in" result="granules"/>
      <feMerge><feMergeNode in="body"/><feMergeNode in="rimSoft"/><feMergeNode in="granules"/></feMerge>
    </filter>`;
  return `
    ${wet('wet', 0.009, 70, 2.2, 1)}
    ${wet('crisp', 0.02, 22, 1.2, 3)}
    <filter id="soft" x="-25%" y="-25%" width="150%" height="150%" color-interpolation-filters="sRGB">
      <feTurbulence type="fractalNoise" baseFrequency="${0.006 / s}" numOctaves="2" seed="${(seed + 11) % 9973}" result="noise"/>
      <feDisplacementMap in="SourceGraphic" in2="noise" scale="${r1(110 * s)}" xChannelSelector="R" yChannelSelector="G" result="moved"/>
      <feGaussianBlur in="moved" stdDeviation="${r1(14 * s)}"/>
    </filter>
    <filter id="mist" x="-30%" y="-30%" width="160%" height="160%" color-interpolation-filters="sRGB">
      <feTurbulence type="fractalNoise" baseFrequency="${0.004 / s}" numOctaves="2" seed="${(seed + 13) % 9973}" result="noise"/>
      <feDisplacementMap in="SourceGraphic" in2="noise" scale="${r1(160 * s)}" xChannelSelector="R" yChannelSelector="G" result="moved"/>
      <feGaussianBlur in="moved" stdDeviation="${r1(45 * s)}"/>
    </filter>
    <filter id="paper" x="0" y="0" width="100%" height="100%" color-interpolation-filters="sRGB">
      <feTurbulence type="fractalNoise" baseFrequency="${r1((0.045 / s) * 1000) / 1000}" numOctaves="3" seed="${(seed + 17) % 9973}" result="n"/>
      <feDiffuseLighting in="n" surfaceScale="1.4" lighting-color="#ffffff" result="lit">
        <feDistantLight azimuth="45" elevation="58"/>
      </feDiffuseLighting>
      <feColorMatrix in="lit" type="matrix" values="0 0 0 0 0.42  0 0 0 0 0.36  0 0 0 0 0.28  -0.9 0 0 0 0.9"/>
    </filter>`;
}

/** Margin rendered around the picture and cropped away, so displaced wash edges never show the canvas edge. */
const marginOf = (w: number, h: number) => Math.round(Math.max(w, h) * 0.05);

function toSvg(p: Painting, seed: number, overlay = ''): string {
  const [paper] = p.palette;
  const m = marginOf(p.w, p.h);
  const body = p.washes
    .map(
      (w) =>
        `<path d="${w.d}" fill="${w.color}" fill-opacity="${r1(w.opacity * 100) / 100}" filter="url(#${w.filter})" style="mix-blend-mode:multiply"/>`,
    )
    .join('\n');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${p.w + 2 * m}" height="${p.h + 2 * m}" viewBox="${-m} ${-m} ${p.w + 2 * m} ${p.h + 2 * m}">
  <defs>${filters(p, seed)}
    <radialGradient id="vignette" cx="50%" cy="48%" r="75%">
      <stop offset="60%" stop-color="${paper}" stop-opacity="0"/>
      <stop offset="100%" stop-color="${mix(paper, '#8a7355', 0.5)}" stop-opacity="0.22"/>
    </radialGradient>
  </defs>
  <rect x="${-m}" y="${-m}" width="${p.w + 2 * m}" height="${p.h + 2 * m}" fill="${paper}"/>
  <g style="isolation:isolate">
  ${body}
  </g>
  <rect width="${p.w}" height="${p.h}" fill="url(#vignette)"/>
  <rect class="paper" width="${p.w}" height="${p.h}" filter="url(#paper)" opacity="0.28"/>
  ${overlay}
</svg>`;
}

// ---------------------------------------------------------------------------------------------
// Compositions

function skyWash(p: Painting, color: string, depth: number) {
  const { w, h, rng } = p;
  p.add(
    `M${-w * 0.1},${-h * 0.1} H${w * 1.1} V${h * depth} H${-w * 0.1} Z`,
    mix(color, p.palette[0], 0.55),
    0.55,
    'soft',
  );
  for (let i = 0; i < 3; i++) {
    p.add(
      blob(
        rng,
        between(rng, 0.1, 0.9) * w,
        between(rng, 0.05, depth * 0.8) * h,
        w * between(rng, 0.18, 0.32),
        h * between(rng, 0.06, 0.12),
      ),
      color,
      0.22,
      'soft',
    );
  }
}

function composeHorizon(p: Painting) {
  const { w, h, rng, palette } = p;
  const [paper, a, b, accent] = palette;
  const horizon = between(rng, 0.48, 0.6);
  skyWash(p, a, horizon + 0.05);
  // low sun or moon
  if (rng() > 0.35)
    p.add(
      blob(rng, between(rng, 0.2, 0.8) * w, h * (horizon - between(rng, 0.12, 0.25)), w * 0.05, w * 0.05, 0.1),
      accent,
      0.45,
      'soft',
    );
  p.glaze(band(rng, w, h * horizon, h * 1.1, h * 0.025, 3), mix(b, paper, 0.45), 0.5, 2);
  p.glaze(band(rng, w, h * (horizon + 0.1), h * 1.1, h * 0.04, 2), mix(b, paper, 0.2), 0.45, 2);
  p.glaze(band(rng, w, h * (horizon + 0.24), h * 1.1, h * 0.05, 1.5), mix(b, accent, 0.35), 0.42, 2);
  // hedgerow / tree dabs along the middle distance
  const trees = 4 + Math.floor(rng() * 5);
  for (let i = 0; i < trees; i++) {
    const x = between(rng, 0.05, 0.95) * w;
    const r = w * between(rng, 0.015, 0.045);
    p.add(
      blob(rng, x, h * (horizon + 0.08) - r * 0.6, r, r * between(rng, 0.8, 1.5), 0.3),
      mix(b, '#2b3a2b', 0.35),
      0.55,
      'crisp',
    );
  }
}

function composeHills(p: Painting) {
  const { w, h, rng, palette } = p;
  const [paper, a, b, accent] = palette;
  skyWash(p, a, 0.5);
  const layers = 4;
  for (let i = 0; i < layers; i++) {
    const t = i / (layers - 1);
    const top = h * (0.3 + t * 0.36 + between(rng, -0.03, 0.03));
    const color = mix(mix(a, paper, 0.35), b, 0.25 + t * 0.75);
    p.glaze(
      band(rng, w, top, h * 1.1, h * (0.09 - t * 0.03), 1.3 + rng()),
      i === layers - 1 ? mix(b, accent, 0.3) : color,
      0.3 + t * 0.14,
      2,
    );
  }
  for (let i = 0; i < 5; i++) {
    p.add(
      blob(rng, between(rng, 0, 1) * w, between(rng, 0.78, 0.98) * h, w * between(rng, 0.03, 0.08), h * 0.025, 0.35),
      accent,
      0.35,
      'crisp',
    );
  }
}

function composeSea(p: Painting) {
  const { w, h, rng, palette } = p;
  const [paper, a, b, accent] = palette;
  const horizon = between(rng, 0.4, 0.52);
  skyWash(p, a, horizon + 0.02);
  // sea: long horizontal strokes
  p.glaze(`M${-w * 0.1},${h * horizon} H${w * 1.1} V${h * (horizon + 0.3)} H${-w * 0.1} Z`, b, 0.5, 2);
  for (let i = 0; i < 9; i++) {
    const y = h * between(rng, horizon + 0.02, horizon + 0.3);
    const len = w * between(rng, 0.2, 0.6);
    const x = between(rng, -0.1, 0.9) * w;
    p.add(
      blob(rng, x + len / 2, y, len / 2, h * between(rng, 0.006, 0.018), 0.15),
      i % 3 === 0 ? paper : mix(b, '#1d3440', 0.3),
      i % 3 === 0 ? 0.7 : 0.35,
      'crisp',
    );
  }
  // sand / shingle
  p.glaze(band(rng, w, h * (horizon + 0.3), h * 1.1, h * 0.03, 1.2), accent, 0.45, 2);
  p.add(band(rng, w, h * (horizon + 0.42), h * 1.1, h * 0.04, 1.7), mix(accent, b, 0.3), 0.35, 'wet');
}

function composeBloom(p: Painting) {
  const { w, h, rng, palette } = p;
  const [, a, b, accent] = palette;
  p.add(blob(rng, w * 0.5, h * 0.5, w * 0.55, h * 0.5, 0.2), mix(b, p.palette[0], 0.7), 0.35, 'mist');
  const flowers = 3 + Math.floor(rng() * 3);
  for (let f = 0; f < flowers; f++) {
    const cx = between(rng, 0.2, 0.8) * w;
    const cy = between(rng, 0.22, 0.62) * h;
    const r = Math.min(w, h) * between(rng, 0.09, 0.16);
    // stem and leaves
    const stem = `M${r1(cx)},${r1(cy + r * 0.5)} Q${r1(cx + between(rng, -0.1, 0.1) * w)},${r1((cy + h) / 2)} ${r1(cx + between(rng, -0.05, 0.05) * w)},${r1(h * 1.05)} L${r1(cx + w * 0.012)},${r1(h * 1.05)} Q${r1(cx + w * 0.02)},${r1((cy + h) / 2)} ${r1(cx + w * 0.008)},${r1(cy + r * 0.5)} Z`;
    p.add(stem, b, 0.5, 'crisp');
    for (let l = 0; l < 2; l++) {
      const ly = cy + r + between(rng, 0.05, 0.3) * h;
      const side = l === 0 ? -1 : 1;
      p.add(blob(rng, cx + side * r * 0.8, ly, r * 0.8, r * 0.28, 0.2, side * 0.5), b, 0.45, 'wet');
    }
    const petals = 5 + Math.floor(rng() * 3);
    const color = f % 2 === 0 ? a : accent;
    for (let i = 0; i < petals; i++) {
      const ang = (i / petals) * Math.PI * 2 + rng();
      p.add(
        blob(rng, cx + Math.cos(ang) * r * 0.55, cy + Math.sin(ang) * r * 0.55, r * 0.55, r * 0.38, 0.25, ang),
        vary(rng, color, 16),
        0.42,
        'wet',
      );
    }
    p.add(blob(rng, cx, cy, r * 0.22, r * 0.22, 0.2), mix(accent, '#5a3a1a', 0.5), 0.55, 'crisp');
  }
}

function composeCreature(p: Painting) {
  const { w, h, rng, palette } = p;
  const [paper, a, b, accent] = palette;
  p.add(blob(rng, w * 0.5, h * 0.45, w * 0.6, h * 0.45, 0.2), mix(a, paper, 0.5), 0.45, 'mist');
  p.glaze(band(rng, w, h * 0.74, h * 1.1, h * 0.02, 1.5), mix(b, paper, 0.3), 0.45, 2);
  const s = Math.min(w, h);
  const cx = w * between(rng, 0.42, 0.58);
  const cy = h * 0.6;
  const dir = rng() > 0.5 ? 1 : -1;
  // body, head, ears, tail: a soft, generic crouching animal (hare, fox, cat)
  p.glaze(blob(rng, cx, cy, s * 0.2, s * 0.13, 0.1), b, 0.6, 2);
  p.glaze(blob(rng, cx + dir * s * 0.19, cy - s * 0.12, s * 0.085, s * 0.075, 0.1), b, 0.6, 2);
  p.add(
    blob(rng, cx + dir * s * 0.17, cy - s * 0.25, s * 0.025, s * 0.085, 0.1, dir * -0.25),
    mix(b, accent, 0.3),
    0.6,
    'crisp',
  );
  p.add(
    blob(rng, cx + dir * s * 0.23, cy - s * 0.24, s * 0.024, s * 0.08, 0.1, dir * 0.2),
    mix(b, accent, 0.3),
    0.6,
    'crisp',
  );
  p.add(blob(rng, cx - dir * s * 0.2, cy - s * 0.02, s * 0.05, s * 0.04, 0.2), mix(b, accent, 0.5), 0.5, 'wet');
  p.add(blob(rng, cx + dir * s * 0.22, cy - s * 0.13, s * 0.012, s * 0.012, 0.05), '#2a2420', 0.7, 'crisp');
  p.add(blob(rng, cx - dir * s * 0.04, cy + s * 0.02, s * 0.12, s * 0.06, 0.2), accent, 0.35, 'wet');
  for (let i = 0; i < 6; i++) {
    p.add(
      blob(rng, between(rng, 0, 1) * w, h * between(rng, 0.85, 0.97), w * 0.06, h * 0.02, 0.3),
      mix(b, paper, 0.2),
      0.3,
      'crisp',
    );
  }
}

function composeRooftops(p: Painting) {
  const { w, h, rng, palette } = p;
  const [paper, a, b, accent] = palette;
  skyWash(p, a, 0.6);
  const base = h * between(rng, 0.78, 0.86);
  let x = -w * 0.05;
  let k = 0;
  while (x < w * 1.02) {
    const bw = w * between(rng, 0.09, 0.17);
    const top = h * between(rng, 0.36, 0.55);
    const roof = h * between(rng, 0.05, 0.11);
    const j = () => between(rng, -0.006, 0.006) * w;
    const pitched = rng() > 0.3;
    const d = pitched
      ? `M${r1(x + j())},${r1(base)} L${r1(x + j())},${r1(top)} L${r1(x + bw / 2 + j())},${r1(top - roof)} L${r1(x + bw + j())},${r1(top)} L${r1(x + bw + j())},${r1(base)} Z`
      : `M${r1(x + j())},${r1(base)} L${r1(x + j())},${r1(top)} L${r1(x + bw + j())},${r1(top + j())} L${r1(x + bw + j())},${r1(base)} Z`;
    const tone = k % 2 === 0 ? b : mix(b, accent, 0.35);
    p.glaze(d, tone, 0.42, 2, 'crisp');
    if (pitched) {
      p.add(
        `M${r1(x)},${r1(top + 2)} L${r1(x + bw / 2)},${r1(top - roof)} L${r1(x + bw)},${r1(top + 2)} Z`,
        mix(accent, '#4a2c20', 0.3),
        0.4,
        'crisp',
      );
    } else if (rng() > 0.4) {
      p.add(
        blob(rng, x + bw * 0.7, top - h * 0.03, bw * 0.06, h * 0.04, 0.1),
        mix(accent, '#4a2c20', 0.3),
        0.5,
        'crisp',
      );
    }
    // windows
    const rows = 2;
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < 2; c++) {
        if (rng() < 0.25) continue;
        const wx = x + bw * (0.22 + c * 0.38);
        const wy = top + (base - top) * (0.2 + r * 0.38);
        p.add(
          blob(rng, wx + bw * 0.09, wy, bw * 0.08, (base - top) * 0.1, 0.08),
          rng() > 0.7 ? accent : mix(b, '#203040', 0.5),
          0.45,
          'crisp',
        );
      }
    }
    x += bw + w * between(rng, -0.01, 0.015);
    k++;
  }
  p.glaze(band(rng, w, base - h * 0.01, h * 1.1, h * 0.01, 1), mix(b, paper, 0.4), 0.45, 2);
}

function composeMist(p: Painting) {
  const { w, h, rng, palette } = p;
  const [paper, a, b, accent] = palette;
  p.add(`M${-w * 0.2},${-h * 0.2} H${w * 1.2} V${h * 0.55} H${-w * 0.2} Z`, a, 0.45, 'mist');
  p.add(`M${-w * 0.2},${h * 0.5} H${w * 1.2} V${h * 1.2} H${-w * 0.2} Z`, b, 0.35, 'mist');
  for (let i = 0; i < 7; i++) {
    const color = pick(rng, [a, b, mix(a, b, 0.5), accent]);
    p.add(
      blob(
        rng,
        between(rng, 0, 1) * w,
        between(rng, 0.1, 0.95) * h,
        w * between(rng, 0.14, 0.32),
        h * between(rng, 0.1, 0.22),
        0.3,
      ),
      color,
      color === accent ? 0.35 : 0.4,
      'mist',
    );
  }
  // a soft horizon of distant land dissolving into mist, and a glow of light
  p.add(band(rng, w, h * between(rng, 0.55, 0.68), h * 1.2, h * 0.03, 1.6), mix(b, a, 0.3), 0.35, 'soft');
  p.add(
    blob(rng, between(rng, 0.3, 0.7) * w, h * between(rng, 0.25, 0.4), w * 0.12, w * 0.12, 0.15),
    mix(accent, paper, 0.4),
    0.45,
    'mist',
  );
  for (let i = 0; i < 3; i++) {
    p.add(
      blob(
        rng,
        between(rng, 0.1, 0.9) * w,
        h * between(rng, 0.6, 0.9),
        w * between(rng, 0.1, 0.22),
        h * between(rng, 0.02, 0.05),
        0.3,
      ),
      mix(b, '#303848', 0.2),
      0.28,
      'wet',
    );
  }
}

const composers: Record<Motif, (p: Painting) => void> = {
  horizon: composeHorizon,
  hills: composeHills,
  sea: composeSea,
  bloom: composeBloom,
  creature: composeCreature,
  rooftops: composeRooftops,
  mist: composeMist,
};

function paint(name: string, motif: Motif, palette: Palette, w: number, h: number, overlay = ''): string {
  const seed = hashString(name);
  const p = new Painting(w, h, mulberry32(seed), palette);
  composers[motif](p);
  return toSvg(p, seed, overlay);
}

function portrait(w: number, h: number): string {
  const palette: Palette = ['#f6efe2', '#9fb7c9', '#7b6a8f', '#d9956b'];
  const seed = hashString('artist-portrait');
  const p = new Painting(w, h, mulberry32(seed), palette);
  const { rng } = p;
  p.add(`M${-w * 0.2},${-h * 0.2} H${w * 1.2} V${h * 0.7} H${-w * 0.2} Z`, palette[1], 0.4, 'mist');
  p.add(blob(rng, w * 0.75, h * 0.25, w * 0.25, h * 0.16, 0.3), palette[3], 0.25, 'mist');
  p.add(
    `M${-w * 0.2},${h * 0.78} H${w * 1.2} V${h * 1.2} H${-w * 0.2} Z`,
    mix(palette[2], palette[0], 0.4),
    0.4,
    'soft',
  );
  // easel: canvas and legs
  const ex = w * 0.66;
  p.add(
    `M${r1(ex - w * 0.02)},${r1(h * 0.3)} L${r1(ex - w * 0.14)},${r1(h * 0.95)} L${r1(ex - w * 0.125)},${r1(h * 0.95)} L${r1(ex)},${r1(h * 0.3)} Z`,
    '#6b5440',
    0.55,
    'crisp',
  );
  p.add(
    `M${r1(ex + w * 0.0)},${r1(h * 0.3)} L${r1(ex + w * 0.14)},${r1(h * 0.95)} L${r1(ex + w * 0.155)},${r1(h * 0.95)} L${r1(ex + w * 0.02)},${r1(h * 0.3)} Z`,
    '#6b5440',
    0.55,
    'crisp',
  );
  p.add(
    `M${r1(ex - w * 0.17)},${r1(h * 0.32)} L${r1(ex + w * 0.18)},${r1(h * 0.31)} L${r1(ex + w * 0.18)},${r1(h * 0.6)} L${r1(ex - w * 0.17)},${r1(h * 0.61)} Z`,
    '#e9e0d0',
    0.5,
    'crisp',
  );
  p.add(blob(rng, ex, h * 0.42, w * 0.13, h * 0.05, 0.3), palette[1], 0.55, 'wet');
  p.add(blob(rng, ex + w * 0.03, h * 0.53, w * 0.12, h * 0.04, 0.3), '#8fae8a', 0.55, 'wet');
  p.add(blob(rng, ex - w * 0.08, h * 0.4, w * 0.03, w * 0.03, 0.2), palette[3], 0.55, 'wet');
  // figure: head, hair, shoulders and torso, arm towards the canvas
  const fx = w * 0.3;
  p.glaze(blob(rng, fx, h * 0.3, w * 0.085, h * 0.075, 0.08), '#c99a82', 0.55, 2);
  p.glaze(blob(rng, fx - w * 0.03, h * 0.28, w * 0.1, h * 0.085, 0.15), '#5c4436', 0.5, 2);
  p.add(blob(rng, fx - w * 0.06, h * 0.36, w * 0.05, h * 0.08, 0.15), '#5c4436', 0.5, 'wet');
  const torso = smoothClosed([
    [fx - w * 0.2, h * 0.98],
    [fx - w * 0.19, h * 0.55],
    [fx - w * 0.1, h * 0.41],
    [fx + w * 0.05, h * 0.4],
    [fx + w * 0.16, h * 0.5],
    [fx + w * 0.2, h * 0.98],
  ]);
  p.glaze(torso, palette[2], 0.5, 2);
  p.add(blob(rng, fx + w * 0.2, h * 0.5, w * 0.15, h * 0.03, 0.15, -0.35), palette[2], 0.45, 'wet');
  p.add(blob(rng, fx + w * 0.34, h * 0.44, w * 0.025, w * 0.025, 0.1), '#c99a82', 0.55, 'crisp');
  return toSvg(p, seed);
}

function ogImage(): string {
  const palette: Palette = ['#f7f0e3', '#a9c4d6', '#8fae9a', '#e0a77e'];
  const title = 'Elena Marsh — South London Watercolour Artist';
  const overlay = `
  <rect x="90" y="228" width="1020" height="174" rx="6" fill="#fbf7ef" fill-opacity="0.72"/>
  <text x="600" y="306" text-anchor="middle" font-family="DejaVu Serif, Georgia, serif" font-size="46" fill="#2e3a44">Elena Marsh —</text>
  <text x="600" y="368" text-anchor="middle" font-family="DejaVu Serif, Georgia, serif" font-size="40" fill="#2e3a44">South London Watercolour Artist</text>
  <title>${title}</title>`;
  return paint('og-default', 'mist', palette, 1200, 630, overlay);
}

function icon(size: number): string {
  const palette: Palette = ['#f7f0e3', '#7fa6c2', '#5f8f86', '#d98e6a'];
  const seed = hashString('icon');
  const p = new Painting(size, size, mulberry32(seed), palette);
  const s = size;
  p.add(blob(p.rng, s * 0.44, s * 0.46, s * 0.3, s * 0.28, 0.15), palette[1], 0.75, 'crisp');
  p.add(blob(p.rng, s * 0.6, s * 0.58, s * 0.24, s * 0.22, 0.15), palette[2], 0.6, 'crisp');
  p.add(blob(p.rng, s * 0.62, s * 0.36, s * 0.1, s * 0.1, 0.1), palette[3], 0.75, 'crisp');
  // icons are tiny: no paper grain, smaller displacement (filters scale with size anyway)
  return toSvg(p, seed).replace(/<rect class="paper"[^>]*\/>/, '');
}

// ---------------------------------------------------------------------------------------------
// Output

const WEBP = { quality: 70, effort: 4 } as const;

/**
 * Renders the SVG (drawn at w×h plus a margin), crops the margin and scales to the output size.
 * Large pictures are painted at half size and enlarged: the washes are soft, and the filters are
 * the slow part, so this keeps the whole run to a few minutes.
 */
async function render(svg: string, w: number, h: number, outW = w, outH = h): Promise<ReturnType<typeof sharp>> {
  const m = marginOf(w, h);
  const raw = await sharp(Buffer.from(svg)).extract({ left: m, top: m, width: w, height: h }).png().toBuffer();
  const sized =
    w === outW && h === outH ? raw : await sharp(raw).resize(outW, outH, { kernel: 'lanczos3' }).png().toBuffer();
  return sharp(sized);
}

/** Paints at half size (or full size when small) and returns the picture at outW×outH. */
async function paintTo(
  name: string,
  motif: Motif,
  palette: Palette,
  outW: number,
  outH: number,
): Promise<ReturnType<typeof sharp>> {
  const scale = outW >= 1000 ? 0.5 : 1;
  const w = Math.round(outW * scale);
  const h = Math.round(outH * scale);
  return render(paint(name, motif, palette, w, h), w, h, outW, outH);
}

/** WebP at quality 70, stepping down a little when a picture is busy enough to exceed its byte budget. */
async function webpWithin(image: ReturnType<typeof sharp>, budget: number): Promise<Buffer> {
  let out = await image.clone().webp(WEBP).toBuffer();
  for (let quality = 64; out.length > budget && quality >= 52; quality -= 6) {
    out = await image
      .clone()
      .webp({ ...WEBP, quality })
      .toBuffer();
  }
  return out;
}

async function write(file: string, data: Buffer) {
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, data);
  return data.length;
}

/** Paintings that open the carousel: one per category, wide crops. */
const carousel: { name: string; motif: Motif; palette: Palette }[] = [
  { name: 'slide-1', motif: 'mist', palette: ['#f5efe4', '#b7c7d9', '#8fa9a3', '#e3b48c'] },
  { name: 'slide-2', motif: 'hills', palette: ['#f6f0e2', '#c5d6e0', '#7f9a6b', '#c9a66b'] },
  { name: 'slide-3', motif: 'sea', palette: ['#f4f1ea', '#bcd3e0', '#4f7f95', '#dcc39a'] },
  { name: 'slide-4', motif: 'bloom', palette: ['#f8f1e7', '#d68a9a', '#6f9470', '#e8b04f'] },
  { name: 'slide-5', motif: 'rooftops', palette: ['#f6eee2', '#c9d4df', '#8c7a6b', '#c0674b'] },
  { name: 'slide-6', motif: 'horizon', palette: ['#f7efe2', '#e8c4a0', '#7e8f6a', '#d2795a'] },
];

/** Blog heroes: the Sanctuaries of the Mind moods. */
const blog: { motif: Motif; palette: Palette }[] = [
  { motif: 'mist', palette: ['#f5efe4', '#aebfd6', '#9cb5ad', '#e6c09a'] },
  { motif: 'mist', palette: ['#f6f0e6', '#c9b8d8', '#8da6b8', '#e9b8a0'] },
  { motif: 'horizon', palette: ['#f6efe3', '#c4d3dc', '#94a88a', '#e4b98e'] },
  { motif: 'mist', palette: ['#f4efe6', '#9fbcc4', '#6f8f9c', '#d8c49b'] },
  { motif: 'sea', palette: ['#f5f1ea', '#cbd8e2', '#7c9fb3', '#e2caa4'] },
  { motif: 'hills', palette: ['#f7f0e4', '#d9c7dd', '#8ea290', '#e6b390'] },
];

async function main() {
  let total = 0;
  const tally: Record<string, number> = {};
  const count = (group: string, bytes: number) => {
    tally[group] = (tally[group] ?? 0) + bytes;
    total += bytes;
  };

  // ART_ONLY=slug,slug re-renders just those artworks (skipping the other images).
  const only = process.env.ART_ONLY?.split(',').filter(Boolean);
  for (const art of seedArtworks.filter((a) => !only || only.includes(a.slug))) {
    const width = 1600;
    const height = Math.round((width * art.heightMm) / art.widthMm);
    const base = await paintTo(art.slug, art.motif, art.palette, width, height);
    const dir = path.join(ROOT, 'seed-assets', 'artworks', art.slug);
    count('seed-assets', await write(path.join(dir, 'display.webp'), await webpWithin(base, 58 * 1024)));
    count(
      'seed-assets',
      await write(path.join(dir, 'thumb-800.webp'), await base.clone().resize(800).webp(WEBP).toBuffer()),
    );
    count(
      'seed-assets',
      await write(path.join(dir, 'thumb-400.webp'), await base.clone().resize(400).webp(WEBP).toBuffer()),
    );
    process.stdout.write('.');
  }

  if (only) return report(tally, total);

  for (const slide of carousel) {
    const base = await paintTo(slide.name, slide.motif, slide.palette, 1920, 1080);
    const dir = path.join(ROOT, 'public', 'carousel');
    count(
      'public/carousel',
      await write(path.join(dir, `${slide.name}.webp`), await base.clone().webp(WEBP).toBuffer()),
    );
    count(
      'public/carousel',
      await write(
        path.join(dir, `${slide.name}.jpg`),
        await base.clone().jpeg({ quality: 70, mozjpeg: true }).toBuffer(),
      ),
    );
    process.stdout.write('.');
  }

  const person = await render(portrait(800, 1000), 800, 1000);
  count(
    'public/images',
    await write(
      path.join(ROOT, 'public', 'images', 'artist-portrait.webp'),
      await person.clone().webp(WEBP).toBuffer(),
    ),
  );
  count(
    'public/images',
    await write(
      path.join(ROOT, 'public', 'images', 'artist-portrait-400.webp'),
      await person.clone().resize(400, 500).webp(WEBP).toBuffer(),
    ),
  );

  for (const [i, hero] of blog.entries()) {
    const n = i + 1;
    const base = await paintTo(`blog-${n}`, hero.motif, hero.palette, 1200, 675);
    count(
      'public/blog',
      await write(path.join(ROOT, 'public', 'blog', `${n}.webp`), await base.clone().webp(WEBP).toBuffer()),
    );
    count(
      'public/blog',
      await write(
        path.join(ROOT, 'public', 'blog', `${n}-600.webp`),
        await base.clone().resize(600, 338).webp(WEBP).toBuffer(),
      ),
    );
    process.stdout.write('.');
  }

  count(
    'public',
    await write(
      path.join(ROOT, 'public', 'og-default.jpg'),
      await (await render(ogImage(), 1200, 630)).jpeg({ quality: 78, mozjpeg: true }).toBuffer(),
    ),
  );
  count(
    'app',
    await write(
      path.join(ROOT, 'app', 'icon.png'),
      await (await render(icon(64), 64, 64)).png({ compressionLevel: 9, palette: true }).toBuffer(),
    ),
  );
  count(
    'public',
    await write(path.join(ROOT, 'public', 'favicon.ico'), icoOf(await fs.readFile(path.join(ROOT, 'app', 'icon.png')))),
  );
  count(
    'app',
    await write(
      path.join(ROOT, 'app', 'apple-icon.png'),
      await (await render(icon(180), 180, 180)).png({ compressionLevel: 9, palette: true }).toBuffer(),
    ),
  );

  report(tally, total);
}

function report(tally: Record<string, number>, total: number) {
  console.log('\n');
  for (const [group, bytes] of Object.entries(tally))
    console.log(`${group.padEnd(18)} ${(bytes / 1024).toFixed(1)} KB`);
  console.log(`${'total'.padEnd(18)} ${(total / 1024).toFixed(1)} KB`);
}

async function preview() {
  const out = '/tmp/art-preview';
  await fs.mkdir(out, { recursive: true });
  const motifs: Motif[] = ['horizon', 'hills', 'sea', 'bloom', 'creature', 'rooftops', 'mist'];
  const palettes: Palette[] = [
    ['#f7efe2', '#e8c4a0', '#7e8f6a', '#d2795a'],
    ['#f6f0e2', '#c5d6e0', '#7f9a6b', '#c9a66b'],
    ['#f4f1ea', '#bcd3e0', '#4f7f95', '#dcc39a'],
    ['#f8f1e7', '#d68a9a', '#6f9470', '#e8b04f'],
    ['#f6efe3', '#d9cbb3', '#9a7455', '#c77b4a'],
    ['#f6eee2', '#c9d4df', '#8c7a6b', '#c0674b'],
    ['#f5efe4', '#b7c7d9', '#8fa9a3', '#e3b48c'],
  ];
  for (const [i, motif] of motifs.entries()) {
    const t = Date.now();
    const img = await paintTo(`preview-${motif}`, motif, palettes[i]!, 1600, 1200);
    const webp = await img.clone().webp(WEBP).toBuffer();
    await sharp(webp)
      .resize(800)
      .png()
      .toFile(path.join(out, `${motif}.png`));
    console.log(motif, `${(webp.length / 1024).toFixed(1)} KB`, `${Date.now() - t} ms`);
  }
  await (await render(portrait(800, 1000), 800, 1000)).png().toFile(path.join(out, 'portrait.png'));
  await (await render(ogImage(), 1200, 630)).png().toFile(path.join(out, 'og.png'));
  await (await render(icon(180), 180, 180)).png().toFile(path.join(out, 'icon.png'));
}

(process.env.ART_PREVIEW ? preview() : main()).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
