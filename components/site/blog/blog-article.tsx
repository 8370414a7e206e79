/* eslint-disable @next/next/no-img-element -- images are pre-sized WebP variants with their own srcset (images.unoptimized); a plain <img> ships no client JS */
import { IntentLink } from '@/components/site/intent-link';
import { ArrowLeftIcon, CalendarIcon, ClockIcon, UserIcon } from '@/components/site/icons';
import { blogImageSize, blogImageSrcSet, formatPostDate, type BlogPost } from '@/lib/content/blog';
import { ShareButton } from './share-button';

/** Article body styles: the content is trusted local HTML (lib/seed/blog-posts.ts), never user input. */
const prose =
  'text-lg leading-relaxed text-ink [&_a]:font-medium [&_a]:text-wash-deep [&_a]:underline [&_a]:underline-offset-4 [&_h2]:mt-12 [&_h2]:mb-4 [&_h2]:font-serif [&_h2]:text-3xl [&_p]:mt-5 [&_ul]:mt-5 [&_ul]:list-disc [&_ul]:pl-6';

export function BlogArticle({ post }: { post: BlogPost }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <IntentLink href="/blog" className="inline-flex min-h-11 items-center gap-2 text-wash-deep hover:underline">
        <ArrowLeftIcon className="size-4" />
        Back to Blog
      </IntentLink>
      <header className="mt-6">
        <p className="text-sm font-semibold uppercase tracking-wider text-wash-deep">{post.category}</p>
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
      <img
        src={post.imageUrl}
        srcSet={blogImageSrcSet(post.imageUrl)}
        sizes="(min-width: 800px) 768px, 100vw"
        alt={post.alt}
        width={blogImageSize.width}
        height={blogImageSize.height}
        loading="eager"
        fetchPriority="high"
        className="mt-8 aspect-video h-auto w-full rounded-card bg-line object-cover"
      />
      <div className={`mt-6 ${prose}`} dangerouslySetInnerHTML={{ __html: post.content }} />
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
