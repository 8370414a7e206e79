/* eslint-disable @next/next/no-img-element -- the stored WebP variants (images.unoptimized); a plain <img> ships no client JS */
import { ChevronDownIcon } from '@/components/site/icons';
import type { PublicArtwork } from '@/lib/artworks/queries';
import { wallScene, wallSceneText, type WallBox } from '@/lib/artworks/wall-scene';
import { variantSrcSet } from '@/lib/images/srcset';
import { SofaSilhouette } from './view-on-wall-sofa';

const place = (box: WallBox): React.CSSProperties => ({
  left: `${box.left}%`,
  bottom: `${box.bottom}%`,
  width: `${box.width}%`,
  height: `${box.height}%`,
});

/**
 * 'View on a wall' (after Artsy's and Saatchi Art's 'View in a Room'): the painting at true
 * scale above a 2-seat sofa, from width_mm and height_mm. A native <details>, server-rendered:
 * no client JavaScript, and the scene's image (lazy, inside the closed disclosure) loads only
 * when opened. The drawing is decoration; the caption states the scale. Nothing without both
 * dimensions. Styled through .view-on-wall.
 */
export function ViewOnWall({ art }: { art: PublicArtwork }) {
  const scene = wallScene(art.widthMm, art.heightMm);
  if (!scene) return null;
  const src = art.imageThumb400Url ?? art.imageThumb800Url ?? art.imageUrl;
  const { painting } = scene;
  return (
    <details className="view-on-wall">
      <summary>
        View on a wall
        <ChevronDownIcon />
      </summary>
      <figure>
        <div
          aria-hidden="true"
          data-wall="scene"
          style={{ aspectRatio: `${scene.wall.widthCm} / ${scene.wall.heightCm}` }}
        >
          {src ? (
            <img
              data-wall="painting"
              src={src}
              srcSet={variantSrcSet(art)}
              sizes={`(min-width: 1024px) ${Math.ceil(painting.width * 4.2)}px, ${Math.ceil(painting.width * 0.9)}vw`}
              alt=""
              loading="lazy"
              decoding="async"
              style={place(painting)}
            />
          ) : (
            <div data-wall="painting" className="absolute border border-ink/30 bg-paper" style={place(painting)} />
          )}
          <SofaSilhouette data-wall="sofa" className="absolute" style={place(scene.sofa)} />
        </div>
        <figcaption>{wallSceneText(scene)}</figcaption>
      </figure>
    </details>
  );
}
