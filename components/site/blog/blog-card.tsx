/* eslint-disable @next/next/no-img-element -- images are pre-sized WebP variants with their own srcset (images.unoptimized); a plain <img> ships no client JS */
import { IntentLink } from '@/components/site/intent-link';
import { formatPostDate, type BlogPost } from '@/lib/stories/blog';

export function BlogCard({ post }: { post: BlogPost }) {
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-card border border-line bg-white shadow-sm">
      {post.imageUrl ? (
        <img
          src={post.imageUrl}
          srcSet={post.imageSrcSet ?? undefined}
          sizes="(min-width: 1024px) 360px, (min-width: 640px) 45vw, 90vw"
          alt={post.alt}
          width={post.imageWidth}
          height={post.imageHeight}
          loading="lazy"
          decoding="async"
          className="aspect-video h-auto w-full bg-line object-cover"
        />
      ) : null}
      <div className="flex flex-1 flex-col p-6">
        <p className="eyebrow">{post.category}</p>
        <h2 className="mt-2 text-2xl leading-snug">
          {/* The whole card is clickable through this link's ::after; one link per card for screen readers. */}
          <IntentLink href={`/blog/${post.slug}`} className="after:absolute after:inset-0 group-hover:underline">
            {post.title}
          </IntentLink>
        </h2>
        <p className="mt-3 flex-1 text-ink-soft">{post.excerpt}</p>
        <p className="mt-4 text-sm text-ink-soft">
          <time dateTime={post.date}>{formatPostDate(post.date)}</time> · {post.readTime}
        </p>
      </div>
    </article>
  );
}
