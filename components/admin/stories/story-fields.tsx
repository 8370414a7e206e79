import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { STORY_LIMITS, storyCategories } from '@/lib/stories/fields';
import type { StoryFormValues } from '@/lib/stories/form-values';
import type { SearchArtworks, UploadImage } from './editor-types';
import { counter, FieldError, invalidProps, RequiredMark, type StoryFieldsKit } from './field-parts';
import { RichTextEditor } from './rich-text-editor';

/** datetime-local text ('2026-12-01T09:30') from an ISO time, in the browser's zone; and back. */
function toLocalInput(iso: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}
function fromLocalInput(text: string): string {
  if (!text) return '';
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? text : date.toISOString();
}

type BodyProps = {
  kit: StoryFieldsKit;
  /** Whether the page's scripts run: the rich-text editor only works then. */
  ready: boolean;
  /** A new key gives the rich-text editor new content (a restore or a discard). */
  editorKey: number;
  uploadImage: UploadImage;
  searchArtworks: SearchArtworks;
};

/** The main column: the title, the excerpt and the story itself. */
export function StoryBodyFields({ kit, ready, editorKey, uploadImage, searchArtworks }: BodyProps) {
  const { id, values, set } = kit;
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={id('title')}>
          Title
          <RequiredMark />
        </Label>
        <Input
          id={id('title')}
          value={values.title}
          maxLength={STORY_LIMITS.title}
          aria-required
          onChange={(event) => set('title', event.target.value)}
          {...invalidProps(kit, 'title')}
        />
        <FieldError kit={kit} name="title" />
      </div>

      <div className="flex flex-col gap-1.5">
        <Label htmlFor={id('excerpt')}>Excerpt</Label>
        <Textarea
          id={id('excerpt')}
          rows={3}
          value={values.excerpt}
          maxLength={STORY_LIMITS.excerpt}
          aria-describedby={id('excerpt-count')}
          onChange={(event) => set('excerpt', event.target.value)}
        />
        <p id={id('excerpt-count')} className="text-sm text-ink-soft">
          Shown on the blog and in the feed. {counter(values.excerpt, STORY_LIMITS.excerpt)}
        </p>
      </div>

      <div className="flex flex-col gap-1.5">
        <Label htmlFor={id('story')}>Story</Label>
        {ready ? (
          <RichTextEditor
            key={editorKey}
            id={id('story')}
            initialHtml={values.content}
            onChange={(html) => set('content', html)}
            uploadImage={uploadImage}
            searchArtworks={searchArtworks}
          />
        ) : (
          <div className="min-h-80 rounded-md border border-ink/25 bg-white p-4 text-ink-soft">Loading the editor…</div>
        )}
      </div>
    </div>
  );
}

/**
 * Where and when the story appears: its slug (typed by hand, the title no longer writes it),
 * category and publish date.
 */
export function StoryPlacementFields({ kit, onSlug }: { kit: StoryFieldsKit; onSlug: (text: string) => void }) {
  const { id, values, set } = kit;
  return (
    <>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={id('slug')}>Slug</Label>
        <Input
          id={id('slug')}
          value={values.slug}
          aria-describedby={id('slug-hint')}
          onChange={(event) => onSlug(event.target.value)}
        />
        <p id={id('slug-hint')} className="text-sm text-ink-soft">
          The address: /blog/{values.slug || '…'}
        </p>
      </div>

      <div className="flex flex-col gap-1.5">
        <Label htmlFor={id('category')}>Category</Label>
        <Select
          id={id('category')}
          value={values.category}
          onChange={(event) => set('category', event.target.value as StoryFormValues['category'])}
        >
          {storyCategories.map((category) => (
            <option key={category}>{category}</option>
          ))}
        </Select>
      </div>

      <div className="flex flex-col gap-1.5">
        <Label htmlFor={id('publish-at')}>Publish date</Label>
        <Input
          id={id('publish-at')}
          type="datetime-local"
          step={1}
          value={toLocalInput(values.publishAt)}
          aria-describedby={id('publish-at-hint')}
          onChange={(event) => set('publishAt', fromLocalInput(event.target.value))}
          {...invalidProps(kit, 'publishAt')}
        />
        <p id={id('publish-at-hint')} className="text-sm text-ink-soft">
          Empty: now, when you publish. A time to come schedules the story.
        </p>
        <FieldError kit={kit} name="publishAt" />
      </div>
    </>
  );
}

/** How search engines and shares show the story: its tags, meta title and meta description. */
export function StorySearchFields({ kit }: { kit: StoryFieldsKit }) {
  const { id, values, set } = kit;
  return (
    <>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={id('tags')}>Tags</Label>
        <Input
          id={id('tags')}
          value={values.tags}
          aria-describedby={id('tags-hint')}
          onChange={(event) => set('tags', event.target.value)}
          {...invalidProps(kit, 'tags')}
        />
        <p id={id('tags-hint')} className="text-sm text-ink-soft">
          Separated by commas.
        </p>
        <FieldError kit={kit} name="tags" />
      </div>

      <div className="flex flex-col gap-1.5">
        <Label htmlFor={id('meta-title')}>Meta title</Label>
        <Input
          id={id('meta-title')}
          value={values.metaTitle}
          maxLength={STORY_LIMITS.metaTitle}
          aria-describedby={id('meta-title-count')}
          onChange={(event) => set('metaTitle', event.target.value)}
        />
        <p id={id('meta-title-count')} className="text-sm text-ink-soft">
          {counter(values.metaTitle, STORY_LIMITS.metaTitle)}
        </p>
      </div>

      <div className="flex flex-col gap-1.5">
        <Label htmlFor={id('meta-description')}>Meta description</Label>
        <Textarea
          id={id('meta-description')}
          rows={4}
          value={values.metaDescription}
          maxLength={STORY_LIMITS.metaDescription}
          aria-describedby={id('meta-description-count')}
          onChange={(event) => set('metaDescription', event.target.value)}
        />
        <p id={id('meta-description-count')} className="text-sm text-ink-soft">
          {counter(values.metaDescription, STORY_LIMITS.metaDescription)} (150–160 reads best in search results)
        </p>
      </div>
    </>
  );
}
