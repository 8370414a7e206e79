/* eslint-disable @next/next/no-img-element -- images are pre-sized WebP variants with their own srcset (images.unoptimized); a plain <img> ships no client JS */
import { IntentLink } from '@/components/site/intent-link';
import { ArrowLeftIcon, CalendarIcon, ClockIcon, UserIcon } from '@/components/site/icons';
import { formatPostDate, type BlogPost } from '@/lib/stories/blog';
import { ShareButton } from './share-button';

export function BlogArticle({ post }: { post: BlogPost }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <IntentLink href="/blog" className="inline-flex min-h-11 items-center gap-2 text-wash-deep hover:underline">
        <ArrowLeftIcon className="size-4" />
        Back to Blog
      </IntentLink>
      <header className="mt-6">
        <p className="eyebrow">{post.category}</p>
        <h1 className="mt-3 text-4xl leading-tight sm:text-5xl">{post.title}</h1>
        <div className="mt-6 flex flex-wrap items-center gap-x-6 gap-y-3 text-ink-soft">
          <span className="inline-flex items-center gap-2">
            <UserIcon className="size-4" />
            {post.author}
          </span>
          <span className="inline-flex items-center gap-2">
            <CalendarIcon className="size-4" />
            <time dateTime={post.date}>{formatPostDate(post.date)}</time>
          </span>
          <span className="inline-flex items-center gap-2">
            <ClockIcon className="size-4" />
            {post.readTime}
          </span>
          <ShareButton />
        </div>
      </header>
      {post.imageUrl ? (
        <img
          src={post.imageUrl}
          srcSet={post.imageSrcSet ?? undefined}
          sizes="(min-width: 800px) 768px, 100vw"
          alt={post.alt}
          width={post.imageWidth}
          height={post.imageHeight}
          loading="eager"
          fetchPriority="high"
          className="mt-8 aspect-video h-auto w-full rounded-card bg-line object-cover"
        />
      ) : null}
      {/* The owner's HTML, cleaned with an allowlist at save and again when read (lib/rich-text/sanitize.ts). */}
      <div className="story-body mt-6" dangerouslySetInnerHTML={{ __html: post.content }} />
      <footer className="mt-12 border-t border-line pt-6">
        <h2 className="sr-only">Tags</h2>
        <ul className="flex flex-wrap gap-2">
          {post.tags.map((tag) => (
            <li key={tag} className="rounded-full bg-wash-light px-3 py-1 text-sm text-wash-deep">
              #{tag}
            </li>
          ))}
        </ul>
      </footer>
    </article>
  );
}
