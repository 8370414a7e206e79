/** What the story's rich-text editor and its dialogs exchange with the form. */

/** A published painting the editor can insert as a card. */
export type ArtworkPick = {
  id: string;
  title: string;
  path: string;
  thumbUrl: string;
  width?: number | null;
  height?: number | null;
};

export type InsertedImage = { src: string; srcset?: string | null; width?: number | null; height?: number | null };

/** Uploads a chosen file through the site's image pipeline. */
export type UploadImage = (file: File) => Promise<{ ok: true; image: InsertedImage } | { ok: false; error: string }>;

/** Published artworks matching a search (empty query = the newest). */
export type SearchArtworks = (query: string) => Promise<ArtworkPick[]>;
