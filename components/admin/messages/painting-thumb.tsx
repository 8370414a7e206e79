import type { MessagePainting } from '@/lib/messages/inbox';

/** An enquiry's painting as a stored 400 px thumbnail (decorative: its title is beside it). */
export function PaintingThumb({ painting, size }: { painting: MessagePainting; size: 'small' | 'large' }) {
  if (!painting.thumbUrl) return null;
  const px = size === 'small' ? 48 : 96;
  return (
    // eslint-disable-next-line @next/next/no-img-element -- a stored 400px WebP thumbnail
    <img
      src={painting.thumbUrl}
      alt=""
      width={px}
      height={px}
      loading="lazy"
      className={`${size === 'small' ? 'size-12' : 'size-24'} shrink-0 rounded-md border border-line object-cover`}
    />
  );
}
