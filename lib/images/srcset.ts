/** A stored image's variants: thumbnails at 400 and 800, the display image at its own width (about 1600). */
type Variants = {
  imageThumb400Url?: string | null;
  imageThumb800Url?: string | null;
  imageUrl?: string | null;
  imageWidth?: number | null;
};

/** The srcset of a stored image's variants, or undefined when it has none. */
export function variantSrcSet(image: Variants): string | undefined {
  const entries = [
    image.imageThumb400Url && `${image.imageThumb400Url} 400w`,
    image.imageThumb800Url && `${image.imageThumb800Url} 800w`,
    image.imageUrl && image.imageWidth && image.imageWidth > 800 && `${image.imageUrl} ${image.imageWidth}w`,
  ].filter(Boolean);
  return entries.length ? entries.join(', ') : undefined;
}

/** The same for an image as the upload route answers it (lib/artworks/admin/schema.ts UploadedImage). */
export function uploadSrcSet(image: {
  publicUrl: string;
  image_thumb_400_url?: string | null;
  image_thumb_800_url?: string | null;
  width?: number | null;
}): string | undefined {
  return variantSrcSet({
    imageThumb400Url: image.image_thumb_400_url,
    imageThumb800Url: image.image_thumb_800_url,
    imageUrl: image.publicUrl,
    imageWidth: image.width,
  });
}
