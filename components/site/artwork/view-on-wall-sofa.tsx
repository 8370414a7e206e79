import { SOFA } from '@/lib/artworks/wall-scene';

/**
 * A 2-seat sofa's silhouette, drawn in centimetres (viewBox = its real width and height), so
 * stretched to its box on the wall it is exactly to scale.
 */
export function SofaSilhouette(props: React.SVGProps<SVGSVGElement> & { 'data-wall'?: string }) {
  return (
    <svg viewBox={`0 0 ${SOFA.widthCm} ${SOFA.heightCm}`} preserveAspectRatio="none" focusable="false" {...props}>
      <g fill="#7d8f96">
        <rect x="12" y="4" width="156" height="44" rx="9" fill="#6c7f87" />
        <rect x="6" y="40" width="168" height="30" rx="5" />
        <rect x="0" y="26" width="20" height="46" rx="8" fill="#667980" />
        <rect x="160" y="26" width="20" height="46" rx="8" fill="#667980" />
        <rect x="22" y="38" width="67" height="14" rx="5" fill="#8a9ba1" />
        <rect x="91" y="38" width="67" height="14" rx="5" fill="#8a9ba1" />
        <rect x="14" y="70" width="5" height="10" fill="#4a4f57" />
        <rect x="161" y="70" width="5" height="10" fill="#4a4f57" />
      </g>
    </svg>
  );
}
