import { ALT_TEXT_MAX } from '@/lib/artworks/client';
import { site } from '@/lib/site';

/**
 * A queue item's title (docs/product.md, Bulk upload): the file name without its extension,
 * underscores as spaces. Runs of spaces become one and the ends are trimmed, so 'Blue__Hour_.jpg'
 * reads 'Blue Hour'; a name that leaves nothing ('.jpg', '___.png') keeps the whole file name.
 */
export function titleFromFileName(fileName: string): string {
  const base = fileName.replace(/\.[^.]*$/, '');
  const title = base.replace(/_/g, ' ').replace(/\s+/g, ' ').trim();
  return title || fileName.trim();
}

/**
 * The default alt text (docs/product.md, Bulk upload): a sentence naming the artist and the title,
 * never over the 125-character limit: a long title is shortened with an ellipsis so the sentence
 * still names the artist.
 */
export function defaultAltText(title: string, artist: string = site.name): string {
  const name = title.replace(/\s+/g, ' ').trim();
  if (!name) return `A watercolour painting by ${artist}.`;
  const sentence = (t: string) => `Watercolour painting “${t}” by ${artist}.`;
  const whole = sentence(name);
  if (whole.length <= ALT_TEXT_MAX) return whole;
  const room = ALT_TEXT_MAX - sentence('').length - 1;
  if (room < 1) return whole.slice(0, ALT_TEXT_MAX);
  return sentence(`${name.slice(0, room).trimEnd()}…`);
}
