/**
 * "View on a wall": a painting at true scale on a plain wall above a sofa of known size, laid
 * out in centimetres and handed to CSS as percentages of the wall (so it scales with the page
 * and needs no client JavaScript).
 */

/** The familiar object beside the painting: a 2-seat sofa, drawn in centimetres. */
export const SOFA = { description: 'a 2-seat sofa', widthCm: 180, heightCm: 80 } as const;

/** The usual hang above a sofa: the painting's lower edge this far above the sofa's back. */
const GAP_ABOVE_SOFA_CM = 20;
/** Wall shown around the painting and the sofa, so neither touches an edge. */
const MARGIN_CM = 30;
const MIN_WALL_WIDTH_CM = 240;
const MIN_WALL_HEIGHT_CM = 200;

/** A box on the wall, in percent of the wall's width (left, width) and height (bottom, height). */
export type WallBox = { left: number; bottom: number; width: number; height: number };

export type WallScene = {
  wall: { widthCm: number; heightCm: number };
  painting: WallBox & { widthCm: number; heightCm: number };
  sofa: WallBox;
};

const percent = (part: number, whole: number) => Math.round((part / whole) * 10_000) / 100;
const usable = (mm: number | null | undefined): mm is number => typeof mm === 'number' && Number.isFinite(mm) && mm > 0;

/** The scene for a painting of these dimensions, or null when either is missing. */
export function wallScene(widthMm: number | null | undefined, heightMm: number | null | undefined): WallScene | null {
  if (!usable(widthMm) || !usable(heightMm)) return null;
  const widthCm = widthMm / 10;
  const heightCm = heightMm / 10;
  const paintingBottomCm = SOFA.heightCm + GAP_ABOVE_SOFA_CM;
  const wallWidthCm = Math.max(MIN_WALL_WIDTH_CM, widthCm + 2 * MARGIN_CM, SOFA.widthCm + 2 * MARGIN_CM);
  const wallHeightCm = Math.max(MIN_WALL_HEIGHT_CM, paintingBottomCm + heightCm + MARGIN_CM);
  return {
    wall: { widthCm: wallWidthCm, heightCm: wallHeightCm },
    painting: {
      widthCm,
      heightCm,
      left: percent((wallWidthCm - widthCm) / 2, wallWidthCm),
      bottom: percent(paintingBottomCm, wallHeightCm),
      width: percent(widthCm, wallWidthCm),
      height: percent(heightCm, wallHeightCm),
    },
    sofa: {
      left: percent((wallWidthCm - SOFA.widthCm) / 2, wallWidthCm),
      bottom: 0,
      width: percent(SOFA.widthCm, wallWidthCm),
      height: percent(SOFA.heightCm, wallHeightCm),
    },
  };
}

const cm = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });

/** The scale in words, for everyone (the drawing itself is decoration). */
export function wallSceneText(scene: WallScene): string {
  const { painting } = scene;
  return `Shown to scale: the painting, ${cm.format(painting.widthCm)} × ${cm.format(painting.heightCm)} cm, hangs ${GAP_ABOVE_SOFA_CM} cm above ${SOFA.description}, ${SOFA.widthCm} cm wide and ${SOFA.heightCm} cm high.`;
}
