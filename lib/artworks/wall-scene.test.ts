import { describe, expect, it } from 'vitest';
import { SOFA, wallScene, wallSceneText } from './wall-scene';

describe('wallScene', () => {
  it('is null without both dimensions', () => {
    for (const [w, h] of [
      [null, 380],
      [560, null],
      [null, null],
      [0, 380],
      [560, -1],
      [Number.NaN, 380],
      [undefined, 380],
    ]) {
      expect(wallScene(w, h)).toBeNull();
    }
  });

  it('keeps the painting and the sofa in true proportion to each other and to the wall', () => {
    const scene = wallScene(560, 380)!;
    const { wall, painting, sofa } = scene;
    // Widths are percent of the wall's width, heights of its height.
    expect((painting.width / 100) * wall.widthCm).toBeCloseTo(56, 1);
    expect((painting.height / 100) * wall.heightCm).toBeCloseTo(38, 1);
    expect((sofa.width / 100) * wall.widthCm).toBeCloseTo(SOFA.widthCm, 1);
    expect((sofa.height / 100) * wall.heightCm).toBeCloseTo(SOFA.heightCm, 1);
    expect(painting.width / sofa.width).toBeCloseTo(56 / 180, 2);
    // Centred, 20 cm above the sofa's back, on the floor.
    expect(painting.left + painting.width / 2).toBeCloseTo(50, 1);
    expect(sofa.left + sofa.width / 2).toBeCloseTo(50, 1);
    expect((painting.bottom / 100) * wall.heightCm).toBeCloseTo(SOFA.heightCm + 20, 1);
    expect(sofa.bottom).toBe(0);
  });

  it('widens and heightens the wall for a large painting, which stays inside it', () => {
    const scene = wallScene(2400, 1800)!;
    expect(scene.wall.widthCm).toBeGreaterThanOrEqual(240 + 60);
    expect(scene.painting.left).toBeGreaterThan(0);
    expect(scene.painting.left + scene.painting.width).toBeLessThan(100);
    expect(scene.painting.bottom + scene.painting.height).toBeLessThan(100);
    expect(scene.painting.width / scene.sofa.width).toBeCloseTo(240 / 180, 2);
  });

  it('says the scale in words', () => {
    expect(wallSceneText(wallScene(560, 380)!)).toBe(
      'Shown to scale: the painting, 56 × 38 cm, hangs 20 cm above a 2-seat sofa, 180 cm wide and 80 cm high.',
    );
    expect(wallSceneText(wallScene(1025, 765)!)).toContain('102.5 × 76.5 cm');
  });
});
