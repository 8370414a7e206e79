// npm run bench:upload — the artwork image pipeline on a worst-case upload: a 24-megapixel
// (6000x4000) JPEG just under the 10 MB limit, with detail at every scale (random, so harder to
// encode than a real watercolour photo). Runs the real pipeline (local storage
// in a scratch folder) 5 times after a warm-up, and reports the median of every step.
// Target: all variants written within 1.5 s. Writes bench-results/upload.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { MAX_UPLOAD_BYTES, processArtworkImage, WEBP_OPTIONS, type ProcessStep } from '@/lib/images/process';
import { createLocalStorage } from '@/lib/storage/local-adapter';

const RUNS = 5;
const TARGET_MS = 1500;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const round = (n: number) => Math.round(n);
const mb = (n: number) => (n / 1024 / 1024).toFixed(2);

async function time<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const value = await fn();
  return [performance.now() - start, value];
}

/**
 * Detail at every scale, like a photographed painting with paper texture: coarse noise blown up
 * to soft blobs (survives downscaling, so the WebP encoder has real work) plus fine grain (costs
 * the JPEG decoder and makes the file big), at the highest quality that stays under the limit.
 */
async function makeInput(): Promise<{ jpeg: Buffer; quality: number }> {
  const noise = (width: number, height: number, sigma: number) =>
    sharp({
      create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma } },
    })
      .raw()
      .toBuffer();
  const coarse = await sharp(await noise(600, 400, 70), { raw: { width: 600, height: 400, channels: 3 } })
    .resize(6000, 4000, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  const raw = await noise(6000, 4000, 14);
  for (let i = 0; i < raw.length; i++) raw[i] = Math.max(0, Math.min(255, coarse[i]! + raw[i]! - 128));
  const encode = (quality: number) =>
    sharp(raw, { raw: { width: 6000, height: 4000, channels: 3 } })
      .jpeg({ quality })
      .toBuffer();
  let low = 70;
  let high = 100;
  let best = await encode(low);
  let bestQuality = low;
  while (low <= high) {
    const quality = Math.floor((low + high) / 2);
    const jpeg = await encode(quality);
    if (jpeg.byteLength <= MAX_UPLOAD_BYTES) {
      best = jpeg;
      bestQuality = quality;
      low = quality + 1;
    } else {
      high = quality - 1;
    }
  }
  return { jpeg: best, quality: bestQuality };
}

async function main() {
  const loadBefore = os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ');
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-upload-'));
  try {
    const { jpeg, quality } = await makeInput();
    const storage = createLocalStorage(scratch);
    const runs: Partial<Record<ProcessStep, number>>[] = [];
    let last: Awaited<ReturnType<typeof processArtworkImage>> | undefined;
    for (let i = 0; i <= RUNS; i++) {
      const steps: Partial<Record<ProcessStep, number>> = {};
      last = await processArtworkImage(jpeg, {
        basePath: 'landscapes/bench',
        storage,
        timestamp: i,
        onStep: (step, ms) => (steps[step] = ms),
      });
      if (i > 0) runs.push(steps); // run 0 warms up sharp and the file system
    }
    const stepMedian = (step: ProcessStep) => round(median(runs.map((r) => r[step] ?? 0)));
    const total = stepMedian('total');
    const sizes = ['display', '800', '400'].map(
      (v) => fs.statSync(path.join(scratch, `public/landscapes/bench/1-${v}.webp`)).size,
    );

    // Alternatives measured on the same input, to justify the choices in lib/images/process.ts.
    const decoded = await sharp(jpeg)
      .rotate()
      .resize({ width: 1600 })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixels = () =>
      sharp(decoded.data, {
        raw: { width: decoded.info.width, height: decoded.info.height, channels: decoded.info.channels },
      });
    const measure = async (encode: () => Promise<Buffer>) => {
      const samples: number[] = [];
      let size = 0;
      for (let i = 0; i < 3; i++) {
        const [ms, out] = await time(encode);
        samples.push(ms);
        size = out.byteLength;
      }
      return { ms: round(median(samples)), kb: round(size / 1024) };
    };
    const webp: Record<number, { ms: number; kb: number }> = {};
    for (const effort of [2, 3, 4, 6])
      webp[effort] = await measure(() => pixels().webp({ quality: 78, effort }).toBuffer());
    const avif: Record<number, { ms: number; kb: number }> = {};
    for (const effort of [2, 4]) avif[effort] = await measure(() => pixels().avif({ quality: 55, effort }).toBuffer());
    const efforts = [
      ...Object.entries(webp).map(
        ([effort, r]) =>
          `| WebP quality 78, effort ${effort}${Number(effort) === WEBP_OPTIONS.effort ? ' (used)' : ''} | ${r.ms} ms | ${r.kb} KB |`,
      ),
      ...Object.entries(avif).map(([effort, r]) => `| AVIF quality 55, effort ${effort} | ${r.ms} ms | ${r.kb} KB |`),
    ];
    const pct = (a: number, b: number) => `${Math.round((Math.abs(a - b) / b) * 100)}%`;
    // The naive way: every variant decodes the 24-megapixel JPEG itself.
    const naive: number[] = [];
    for (let i = 0; i < 3; i++) {
      const [ms] = await time(() =>
        Promise.all(
          [1600, 800, 400, 16].map((width) => sharp(jpeg).rotate().resize({ width }).webp(WEBP_OPTIONS).toBuffer()),
        ),
      );
      naive.push(ms);
    }

    const cpu = os.cpus();
    const lines = [
      '# Upload pipeline benchmark',
      '',
      `Run with \`npm run bench:upload\` on ${new Date().toISOString().slice(0, 10)}: ${cpu.length} x ${cpu[0]?.model.trim()}, Node ${process.version}, sharp ${sharp.versions.sharp} (libvips ${sharp.versions.vips}), libvips threads per image ${sharp.concurrency()}. Load average when it started: ${loadBefore}; when it ended: ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' / ')} (the machine is shared with other work, so figures vary between runs).`,
      '',
      `Input: 6000 x 4000 (24 MP) JPEG, ${mb(jpeg.byteLength)} MB (quality ${quality}; soft coarse blobs plus fine grain, so the file is full-size and the downscaled image still has detail).`,
      `Pipeline: header check, one decode (JPEG shrink-on-load, auto-orient, sRGB, straight to 1600 wide), then display / 800 / 400 / 16 px blur WebP encoded in parallel from the same pixels, then 3 public + 1 private write (local disk).`,
      '',
      `## Result: median of ${RUNS} runs after a warm-up`,
      '',
      `**All variants written: ${total} ms** (target ${TARGET_MS} ms: ${total <= TARGET_MS ? 'met' : 'MISSED'}). Runs: ${runs.map((r) => round(r.total ?? 0)).join(', ')} ms.`,
      '',
      '| step | median |',
      '| --- | --- |',
      `| validate (size, path, header: format and dimensions) | ${stepMedian('validate')} ms |`,
      `| decode once to 1600 wide (rotate, sRGB) | ${stepMedian('decode')} ms |`,
      `| encode display ${last!.width}x${last!.height} WebP (in parallel) | ${stepMedian('display')} ms |`,
      `| encode 800 WebP (in parallel) | ${stepMedian('thumb800')} ms |`,
      `| encode 400 WebP (in parallel) | ${stepMedian('thumb400')} ms |`,
      `| encode 16 px blur placeholder (in parallel) | ${stepMedian('blur')} ms |`,
      `| all four encodes, wall time | ${stepMedian('variants')} ms |`,
      `| store 3 public + 1 private file | ${stepMedian('store')} ms |`,
      `| **total** | **${total} ms** |`,
      '',
      `Output sizes: display ${(sizes[0]! / 1024).toFixed(0)} KB, 800 ${(sizes[1]! / 1024).toFixed(0)} KB, 400 ${(sizes[2]! / 1024).toFixed(0)} KB, blur data URL ${last!.blurDataUrl.length} characters.`,
      '',
      '## Alternatives (display image only, from decoded pixels, median of 3)',
      '',
      '| encoder | time | size |',
      '| --- | --- | --- |',
      ...efforts,
      '',
      `Naive pipeline (each of the four variants decodes the 24 MP JPEG itself, in parallel): ${round(median(naive))} ms for the encodes alone, versus ${stepMedian('decode') + stepMedian('variants')} ms for decode-once.`,
      '',
      '## Decisions',
      '',
      `- WebP quality ${WEBP_OPTIONS.quality}, effort ${WEBP_OPTIONS.effort}. Efforts 3 and 4 write files within ${pct(webp[3]!.kb, webp[4]!.kb)} of each other (${webp[3]!.ms} vs ${webp[4]!.ms} ms here; the same size, so the cheaper setting); effort 6 takes ${(webp[6]!.ms / webp[3]!.ms).toFixed(1)}x as long for ${pct(webp[6]!.kb, webp[3]!.kb)} less; effort 2 saves ${webp[3]!.ms - webp[2]!.ms} ms for ${pct(webp[2]!.kb, webp[3]!.kb)} more bytes on the page.`,
      `- No AVIF variants. Even at its fastest setting (effort 2) the display image alone takes ${avif[2]!.ms} ms here (${(avif[2]!.ms / webp[WEBP_OPTIONS.effort]!.ms).toFixed(1)}x WebP) for a ${pct(avif[2]!.kb, webp[WEBP_OPTIONS.effort]!.kb)} smaller file; effort 4 takes ${avif[4]!.ms} ms. Added to the WebP set, the 1.5 s target would not hold on this 2-core machine. Every browser the site targets decodes WebP.`,
      `- Decode once, then clone: ${stepMedian('decode') + stepMedian('variants')} ms (decode plus all encodes) against ${round(median(naive))} ms for letting each variant decode the JPEG itself. JPEG shrink-on-load keeps the small variants' own decodes cheap, so the gap is modest; decode-once also means the truncation check and the pixel cap apply to exactly one decode, and memory holds one 1600-wide frame.`,
    ];
    fs.mkdirSync('bench-results', { recursive: true });
    fs.writeFileSync('bench-results/upload.md', lines.join('\n') + '\n');
    console.log(lines.join('\n'));
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
