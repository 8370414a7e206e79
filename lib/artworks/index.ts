/** What other features use of artworks on the server; its other modules are its own. */
export { imageFiles, removeImageFiles, type ArtworkWriteDeps } from './admin/images';
export { claimPendingUploadIn } from './admin/pending-uploads';
export { updateArtwork, type ArtworkWrite } from './admin/queries';
export { getPublicArtworkPaths, searchPublicArtworks } from './public';
export { getArtworkById, getPublishedArtworkBySlug, isSlugTaken, type Artwork, type ArtworkCard } from './queries';
