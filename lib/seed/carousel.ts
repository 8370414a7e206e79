export type CarouselSlide = { id: number; alt: string; imgUrl: string };

/** Home page carousel: six generated watercolour slides at 1920×1080, WebP with JPEG fallbacks. */
export const carouselSlides: CarouselSlide[] = [
  {
    id: 1,
    alt: 'Soft abstract watercolour of blue-grey mist and a warm glow of morning light, from the Sanctuaries of the Mind series',
    imgUrl: '/carousel/slide-1.webp',
  },
  {
    id: 2,
    alt: 'Watercolour of layered green and blue downland hills fading into a pale summer sky',
    imgUrl: '/carousel/slide-2.webp',
  },
  {
    id: 3,
    alt: 'Calm seascape watercolour of a blue sea beneath a pale sky, with a wide band of sandy beach in the foreground',
    imgUrl: '/carousel/slide-3.webp',
  },
  {
    id: 4,
    alt: 'Loose floral watercolour of pink and golden blooms on green stems against warm white paper',
    imgUrl: '/carousel/slide-4.webp',
  },
  {
    id: 5,
    alt: 'Watercolour of a row of terraced houses with pitched red roofs and small windows under a soft grey sky',
    imgUrl: '/carousel/slide-5.webp',
  },
  {
    id: 6,
    alt: 'Warm landscape watercolour of green fields and rounded trees under an apricot evening sky',
    imgUrl: '/carousel/slide-6.webp',
  },
];

/** The JPEG fallback for a slide image: same path, .jpg instead of .webp. */
export function jpgFallback(url: string): string {
  return url.replace(/\.webp$/i, '.jpg');
}
