/**
 * What the artwork page says of its share image (og:image, twitter:image), apart from the code
 * that draws it (./og-image.ts, with sharp), so the page does not carry sharp.
 */
export const OG_SIZE = { width: 1200, height: 630 } as const;
export const OG_CONTENT_TYPE = 'image/jpeg';
export const OG_ALT = 'A watercolour painting by Elena Marsh, shown whole on a paper mount';

/** Where an artwork's share image is served (app/(site)/gallery/[collection]/[slug]/opengraph-image/route.ts). */
export const ogImagePath = (artworkPagePath: string) => `${artworkPagePath}/opengraph-image`;
