/** What other features use of artworks, safe in the browser (no server-only module behind it). */
export {
  ALT_TEXT_MAX,
  MAX_IMAGE_BYTES,
  META_DESCRIPTION_RANGE,
  artworkFormSchema,
  emptyArtworkForm,
  messages,
  uploadedImageSchema,
  type ArtworkFormValues,
  type UploadedImage,
} from './admin/schema';
export { listCollections } from './collections';
export { SEARCH_CONTROL_CHARACTER, SEARCH_MAX_LENGTH } from './search-limits';
export { isPlausibleSlug } from './slug-guard';
