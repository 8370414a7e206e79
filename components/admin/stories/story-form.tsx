'use client';

import { Eye, ImageUp, Send, Trash2, Undo2 } from 'lucide-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { uploadArtworkImage } from '@/components/admin/artworks/upload-image';
import { useLeaveGuard } from '@/components/admin/bulk-upload/use-leave-guard';
import { ConfirmButton } from '@/components/admin/confirm-button';
import { runAction } from '@/components/admin/run-action';
import { Button, buttonVariants } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { ReadyFieldset } from '@/components/ui/ready-fieldset';
import { Textarea } from '@/components/ui/textarea';
import { ACCEPTED_IMAGE_TYPES, MAX_IMAGE_BYTES, messages as imageMessages } from '@/lib/artworks/admin/schema';
import { uploadSrcSet } from '@/lib/images/srcset';
import { typingSlug } from '@/lib/slug';
import { deleteStory, findPaintingsForStory, saveStory } from '@/lib/stories/actions';
import {
  STORY_LIMITS,
  storyCategories,
  storyMessages,
  type StoryIntent,
  type StoryStatusLabel,
} from '@/lib/stories/fields';
import { toast } from '@/lib/toast';
import { useHydrated } from '@/lib/use-hydrated';
import type { StoryEditorState, StoryFormValues } from '@/lib/stories/form-values';
import type { ArtworkPick, InsertedImage } from './editor-types';
import { RichTextEditor } from './rich-text-editor';
import { StoryAiHelper } from './story-ai-helper';

export type StoryFormProps = {
  /** The saved story, or null for a new one. */
  story: StoryEditorState | null;
  values: StoryFormValues;
  /** Whether the AI helper is configured (OPENAI_API_KEY). */
  aiEnabled: boolean;
};

export const LEAVE_UNSAVED = 'This story has changes that are not saved. Leave anyway?';
const AUTOSAVE_DRAFT_MS = 3_000;
const AUTOSAVE_LOCAL_MS = 600;

type Saved = { id: string; version: number; status: StoryStatusLabel };
/**
 * This browser's copy of unsaved changes: the values, and the saved story they were written over
 * (null: a new story not saved yet). Kept per page: the story's id, or 'new' for /admin/blog/new,
 * which keeps its address while it autosaves (a reload there continues the same draft).
 */
type Local = { values: StoryFormValues; base: Saved | null; at: string };

const localKey = (page: string | null) => `story-autosave:${page ?? 'new'}`;

function readLocal(id: string | null): Local | null {
  try {
    const raw = window.localStorage.getItem(localKey(id));
    return raw ? (JSON.parse(raw) as Local) : null;
  } catch {
    return null;
  }
}

function writeLocal(id: string | null, local: Local | null) {
  try {
    if (local) window.localStorage.setItem(localKey(id), JSON.stringify(local));
    else window.localStorage.removeItem(localKey(id));
  } catch {
    // Private mode or a full quota: autosave to this browser is a convenience, the server save is not affected.
  }
}

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

const same = (a: StoryFormValues, b: StoryFormValues) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The story editor (/admin/blog/new and /admin/blog/edit/{id}). Fields, the body in the rich-text
 * editor, the cover, and the buttons the story's state calls for: Save Draft and Publish for a
 * new or draft story, Save Changes and Unpublish for a published or scheduled one. Every change
 * is kept in this browser at once (a reload restores it); a draft is also saved to the server a
 * few seconds after the last change. Leaving with changes the server does not have asks first.
 */
export function StoryForm({ story, values: initial, aiEnabled }: StoryFormProps) {
  const router = useRouter();
  const ready = useHydrated();
  const ids = useId();
  const id = (name: string) => `${ids}-${name}`;

  const [values, setValues] = useState<StoryFormValues>(initial);
  const [saved, setSaved] = useState<Saved | null>(
    story ? { id: story.id, version: story.version, status: story.status } : null,
  );
  const [savedValues, setSavedValues] = useState<StoryFormValues>(initial);
  const [cover, setCover] = useState(story?.cover ?? null);
  const [coverChange, setCoverChange] = useState<{ uploadId: string } | null | undefined>(undefined);
  const [uploads, setUploads] = useState<string[]>([]);
  const [busy, setBusy] = useState<StoryIntent | 'autosave' | 'cover' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [restored, setRestored] = useState<Local | null>(null);
  const [lastSavedAt, setLastSavedAt] = useState<Date | null>(null);
  const [slugTouched, setSlugTouched] = useState(Boolean(story));
  // Bumped to give the rich-text editor new content (a restore or a discard).
  const [editorKey, setEditorKey] = useState(0);
  const savingRef = useRef(false);

  // What a save sends is read when it is sent, not when it was asked for: a save asked for while
  // another is on its way (Publish during an autosave) waits for it, then sends its new version.
  const latest = useRef({ values, saved, coverChange, uploads });
  useEffect(() => {
    latest.current = { values, saved, coverChange, uploads };
  });

  const dirty = !same(values, savedValues) || coverChange !== undefined;
  useLeaveGuard(dirty, LEAVE_UNSAVED);

  // A reload restores what this browser kept: on a story's page, if it was written over the
  // version loaded now; on the new story page, with the draft it had autosaved, if any. Read once
  // the page is interactive (the server cannot see this browser's storage).
  const page = story?.id ?? null;
  useEffect(() => {
    const timer = setTimeout(() => {
      const local = readLocal(page);
      if (!local || same(local.values, initial)) return;
      if (story && (local.base?.id !== story.id || local.base.version !== story.version)) return;
      if (!story && local.base) setSaved(local.base);
      setValues(local.values);
      setRestored(local);
      setEditorKey((key) => key + 1);
    });
    return () => clearTimeout(timer);
    // Once, on the first render in the browser.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Every change is kept in this browser, shortly after it is made. (A save or a discard clears
  // the copy; a copy equal to what the server has is never restored.)
  useEffect(() => {
    if (!dirty) return;
    const timer = setTimeout(
      () => writeLocal(page, { values, base: saved, at: new Date().toISOString() }),
      AUTOSAVE_LOCAL_MS,
    );
    return () => clearTimeout(timer);
  }, [values, dirty, saved, page]);

  const set = <K extends keyof StoryFormValues>(name: K, value: StoryFormValues[K]) => {
    setValues((current) => {
      const next = { ...current, [name]: value };
      if (name === 'title' && !slugTouched) next.slug = typingSlug(String(value));
      return next;
    });
    if (fieldErrors[name])
      setFieldErrors((errors) => Object.fromEntries(Object.entries(errors).filter(([key]) => key !== name)));
  };

  const queue = useRef<Promise<unknown>>(Promise.resolve());

  const send = useCallback(
    async (intent: StoryIntent | 'autosave'): Promise<boolean> => {
      const { values: sent, saved: base, coverChange: cover, uploads: uploaded } = latest.current;
      if (!sent.title.trim()) {
        if (intent !== 'autosave') setFieldErrors({ title: storyMessages.titleRequired });
        return false;
      }
      setBusy(intent);
      setError(null);
      try {
        const result = await saveStory({
          id: base?.id,
          version: base?.version,
          intent: intent === 'autosave' ? 'draft' : intent,
          fields: sent,
          ...(cover !== undefined ? { cover } : {}),
          uploads: uploaded,
        });
        if (!result.ok) {
          if (intent === 'autosave') {
            setError(`Autosave failed: ${result.error}`);
            return false;
          }
          setError(result.error);
          const fields = Object.fromEntries(
            Object.entries(result.fieldErrors ?? {}).map(([key, list]) => [
              key.replace(/^fields\./, ''),
              list[0] ?? '',
            ]),
          );
          setFieldErrors(fields);
          toast.error('Story not saved', { description: result.error });
          return false;
        }
        const data = result.data;
        const next = {
          ...sent,
          slug: data.slug,
          publishAt:
            sent.publishAt || (data.status !== 'Draft' && data.publishedAt ? data.publishedAt : sent.publishAt),
        };
        const now = { id: data.id, version: data.version, status: data.status };
        latest.current = { ...latest.current, saved: now, coverChange: undefined, uploads: [] };
        setSaved(now);
        setSavedValues(next);
        // Whatever was typed while the save was on its way stays in the form.
        setValues((current) =>
          same(current, sent) ? next : { ...current, slug: current.slug === sent.slug ? data.slug : current.slug },
        );
        setCoverChange(undefined);
        setUploads([]);
        setLastSavedAt(new Date());
        setRestored(null);
        writeLocal(page, null);
        if (intent !== 'autosave') {
          const said: Record<StoryIntent, string> = {
            draft: 'Draft saved.',
            publish: data.status === 'Scheduled' ? 'Story scheduled.' : 'Story published.',
            save: 'Changes saved.',
            unpublish: 'Story unpublished: it is a draft again.',
          };
          toast.success(said[intent], {
            description: data.slugAdjusted
              ? `Its address is ${data.path}: the slug you chose is taken.`
              : data.movedFrom
                ? `Its old address ${data.movedFrom} now redirects to ${data.path}.`
                : undefined,
          });
          // A new story's page becomes its own (the edit page, with Preview's address); a story's
          // page shows its new state (View on site, Scheduled).
          if (!story) router.replace(`/admin/blog/edit/${data.id}`);
          else router.refresh();
        }
        return true;
      } catch (thrown) {
        const message = thrown instanceof Error && thrown.message ? thrown.message : 'Something went wrong';
        setError(intent === 'autosave' ? `Autosave failed: ${message}` : message);
        return false;
      } finally {
        setBusy(null);
      }
    },
    [router, story, page],
  );

  /** Saves one after another, in the order asked; an autosave is skipped while another save is on its way. */
  const save = useCallback(
    (intent: StoryIntent | 'autosave') => {
      if (intent === 'autosave' && savingRef.current) return Promise.resolve(false);
      savingRef.current = true;
      const run = queue.current.then(() => send(intent));
      queue.current = run.finally(() => {
        if (queue.current === settled) savingRef.current = false;
      });
      const settled = queue.current;
      return run;
    },
    [send],
  );

  // A draft saves itself a few seconds after the last change (a published story waits for Save Changes).
  const isDraft = !saved || saved.status === 'Draft';
  useEffect(() => {
    if (!isDraft || !dirty || !values.title.trim()) return;
    const timer = setTimeout(() => void save('autosave'), AUTOSAVE_DRAFT_MS);
    return () => clearTimeout(timer);
  }, [isDraft, dirty, values, save]);

  const uploadImage = useCallback(
    async (file: File): Promise<{ ok: true; image: InsertedImage } | { ok: false; error: string }> => {
      if (file.size > MAX_IMAGE_BYTES)
        return { ok: false, error: `${imageMessages.imageTooLargeTitle}: ${imageMessages.imageTooLarge}` };
      const outcome = await uploadArtworkImage(file, 'Stories', values.slug || values.title || 'story');
      if (!outcome.ok) return outcome;
      setUploads((list) => [...list, outcome.reference.uploadId]);
      const { image } = outcome;
      return {
        ok: true,
        image: {
          src: image.publicUrl,
          srcset: uploadSrcSet(image) ?? null,
          width: image.width ?? null,
          height: image.height ?? null,
        },
      };
    },
    [values.slug, values.title],
  );

  const searchArtworks = useCallback(async (query: string): Promise<ArtworkPick[]> => {
    const result = await findPaintingsForStory({ query });
    if (!result.ok) throw new Error(result.error);
    return result.data.filter((art) => Boolean(art.thumbUrl));
  }, []);

  const chooseCover = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_IMAGE_BYTES) {
      toast.error(imageMessages.imageTooLargeTitle, { description: imageMessages.imageTooLarge });
      return;
    }
    setBusy('cover');
    try {
      const outcome = await uploadArtworkImage(file, 'Stories', values.slug || values.title || 'story');
      if (!outcome.ok) {
        toast.error('Image Upload Failed', { description: outcome.error });
        return;
      }
      setCover({ url: outcome.image.image_thumb_800_url ?? outcome.image.publicUrl, srcset: null });
      setCoverChange({ uploadId: outcome.reference.uploadId });
    } finally {
      setBusy(null);
    }
  };

  const discardRestored = () => {
    writeLocal(page, null);
    setValues(savedValues);
    setRestored(null);
    setEditorKey((key) => key + 1);
  };

  const status: StoryStatusLabel = saved?.status ?? 'Draft';
  // An autosave on its way does not hold the buttons: a click waits for it (see save above).
  const manualBusy = busy !== null && busy !== 'autosave';
  const published = status !== 'Draft';
  const counter = (value: string, max: number) => `${value.length}/${max}`;
  const fieldError = (name: string) =>
    fieldErrors[name] ? (
      <p id={id(`${name}-error`)} className="text-sm font-medium text-clay">
        {fieldErrors[name]}
      </p>
    ) : null;
  const invalid = (name: string) =>
    fieldErrors[name] ? { 'aria-invalid': true as const, 'aria-describedby': id(`${name}-error`) } : {};

  return (
    <form
      className="flex flex-col gap-8"
      onSubmit={(event) => {
        event.preventDefault();
        void save(published ? 'save' : 'draft');
      }}
      aria-busy={busy !== null && busy !== 'autosave'}
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-ink-soft" aria-live="polite">
        <span className="rounded-full bg-paper-deep px-2.5 py-0.5 text-xs font-semibold text-ink">{status}</span>
        {busy === 'autosave' ? (
          <span>Saving…</span>
        ) : lastSavedAt ? (
          <span>Saved at {lastSavedAt.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })}</span>
        ) : null}
        {dirty && busy === null ? <span>Unsaved changes</span> : null}
      </div>

      {restored ? (
        <div
          role="status"
          className="flex flex-wrap items-center justify-between gap-3 rounded-card border border-wash/40 bg-wash-light/60 p-4 text-ink"
        >
          <p>
            Your unsaved changes from{' '}
            {new Date(restored.at).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })} were restored.
          </p>
          <Button type="button" variant="secondary" size="sm" onClick={discardRestored}>
            <Undo2 aria-hidden className="size-4" /> Discard them
          </Button>
        </div>
      ) : null}

      {error ? (
        <p role="alert" className="rounded-card border border-clay/40 bg-white p-4 font-medium text-clay">
          {error}
        </p>
      ) : null}

      {/* Fields wait for the page's scripts: typed before then, text would be overwritten. */}
      <ReadyFieldset>
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="flex min-w-0 flex-col gap-6">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={id('title')}>
                Title
                <span aria-hidden className="text-clay">
                  {' '}
                  *
                </span>
              </Label>
              <Input
                id={id('title')}
                value={values.title}
                maxLength={STORY_LIMITS.title}
                aria-required
                onChange={(event) => set('title', event.target.value)}
                {...invalid('title')}
              />
              {fieldError('title')}
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
                <div className="min-h-80 rounded-md border border-ink/25 bg-white p-4 text-ink-soft">
                  Loading the editor…
                </div>
              )}
            </div>
          </div>

          <aside className="flex flex-col gap-6">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={id('slug')}>Slug</Label>
              <Input
                id={id('slug')}
                value={values.slug}
                aria-describedby={id('slug-hint')}
                onChange={(event) => {
                  setSlugTouched(true);
                  set('slug', typingSlug(event.target.value));
                }}
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
                {...invalid('publishAt')}
              />
              <p id={id('publish-at-hint')} className="text-sm text-ink-soft">
                Empty: now, when you publish. A time to come schedules the story.
              </p>
              {fieldError('publishAt')}
            </div>

            <fieldset className="flex flex-col gap-3 rounded-card border border-line bg-white p-4">
              <legend className="px-1 font-medium text-ink">Cover image</legend>
              {cover ? (
                // eslint-disable-next-line @next/next/no-img-element -- a stored WebP variant
                <img
                  src={cover.url}
                  alt=""
                  className="aspect-video w-full rounded-md border border-line object-cover"
                />
              ) : (
                <p className="text-sm text-ink-soft">No cover yet: a story needs one to be published.</p>
              )}
              <div className="flex flex-wrap gap-2">
                <label className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
                  <ImageUp aria-hidden className="size-4" />{' '}
                  {busy === 'cover' ? 'Uploading…' : cover ? 'Replace cover' : 'Choose cover'}
                  <input
                    type="file"
                    accept={ACCEPTED_IMAGE_TYPES}
                    className="sr-only"
                    disabled={busy === 'cover'}
                    onChange={(event) => void chooseCover(event.target.files?.[0])}
                  />
                </label>
                {cover ? (
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    onClick={() => {
                      setCover(null);
                      setCoverChange(null);
                    }}
                  >
                    Remove cover
                  </Button>
                ) : null}
              </div>
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={id('alt')}>
                  Alt text
                  {cover ? (
                    <span aria-hidden className="text-clay">
                      {' '}
                      *
                    </span>
                  ) : null}
                </Label>
                <Input
                  id={id('alt')}
                  value={values.imageAlt}
                  maxLength={STORY_LIMITS.alt}
                  aria-required={Boolean(cover)}
                  aria-describedby={id('alt-count')}
                  onChange={(event) => set('imageAlt', event.target.value)}
                />
                <p id={id('alt-count')} className="text-sm text-ink-soft">
                  Describe the cover for people who cannot see it. {counter(values.imageAlt, STORY_LIMITS.alt)}
                </p>
              </div>
            </fieldset>

            <div className="flex flex-col gap-1.5">
              <Label htmlFor={id('tags')}>Tags</Label>
              <Input
                id={id('tags')}
                value={values.tags}
                aria-describedby={id('tags-hint')}
                onChange={(event) => set('tags', event.target.value)}
                {...invalid('tags')}
              />
              <p id={id('tags-hint')} className="text-sm text-ink-soft">
                Separated by commas.
              </p>
              {fieldError('tags')}
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

            <StoryAiHelper
              enabled={aiEnabled}
              values={values}
              coverUrl={cover?.url ?? null}
              onApply={(name, value) => set(name, value)}
            />
          </aside>
        </div>
      </ReadyFieldset>

      <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center gap-2 border-t border-line bg-paper/95 px-4 py-3 backdrop-blur">
        {published ? (
          <>
            <Button type="submit" disabled={!ready || manualBusy}>
              <Send aria-hidden className="size-4" /> {busy === 'save' ? 'Saving…' : 'Save Changes'}
            </Button>
            <Button
              type="button"
              variant="secondary"
              disabled={!ready || manualBusy}
              onClick={() => void save('unpublish')}
            >
              {busy === 'unpublish' ? 'Unpublishing…' : 'Unpublish'}
            </Button>
          </>
        ) : (
          <>
            <Button type="submit" variant="secondary" disabled={!ready || manualBusy}>
              {busy === 'draft' ? 'Saving…' : 'Save Draft'}
            </Button>
            <Button type="button" disabled={!ready || manualBusy} onClick={() => void save('publish')}>
              <Send aria-hidden className="size-4" /> {busy === 'publish' ? 'Publishing…' : 'Publish'}
            </Button>
          </>
        )}
        {saved ? (
          <Link
            href={`/admin/blog/preview/${saved.id}`}
            target="_blank"
            className={buttonVariants({ variant: 'ghost' })}
          >
            <Eye aria-hidden className="size-4" /> Preview
          </Link>
        ) : null}
        {saved ? <DeleteStoryButton id={saved.id} title={values.title} disabled={!ready || manualBusy} /> : null}
      </div>
    </form>
  );
}

function DeleteStoryButton({ id, title, disabled }: { id: string; title: string; disabled: boolean }) {
  const router = useRouter();
  const remove = async () => {
    const result = await runAction(() => deleteStory({ id }), 'Story not deleted');
    if (!result.ok) return false;
    writeLocal(id, null);
    toast.success('Story Deleted', { description: `"${title}" has been deleted.` });
    router.push('/admin/blog/manage');
    router.refresh();
    return true;
  };
  return (
    <ConfirmButton
      trigger={() => (
        <Button type="button" variant="ghost" className="ml-auto text-clay" disabled={disabled}>
          <Trash2 aria-hidden className="size-4" /> Delete
        </Button>
      )}
      title="Delete this story?"
      description={`“${title}” will be removed from the blog, the sitemap and the feed. This cannot be undone.`}
      confirmLabel="Delete"
      onConfirm={remove}
    />
  );
}
