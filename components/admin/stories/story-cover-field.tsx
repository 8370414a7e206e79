import { ImageUp } from 'lucide-react';
import { Button, buttonVariants } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ACCEPTED_IMAGE_TYPES } from '@/lib/artworks/admin/schema';
import { STORY_LIMITS } from '@/lib/stories/fields';
import type { StoryCover } from '@/lib/stories/form-state';
import { counter, RequiredMark, type StoryFieldsKit } from './field-parts';

type Props = {
  kit: StoryFieldsKit;
  cover: StoryCover | null;
  /** The cover's upload is on its way. */
  uploading: boolean;
  onChoose: (file: File | undefined) => void;
  onRemove: () => void;
};

/** The cover: its picture, Choose / Replace / Remove, and its alt text (required with a cover). */
export function StoryCoverField({ kit, cover, uploading, onChoose, onRemove }: Props) {
  const { id, values, set } = kit;
  return (
    <fieldset className="flex flex-col gap-3 rounded-card border border-line bg-white p-4">
      <legend className="px-1 font-medium text-ink">Cover image</legend>
      {cover ? (
        // eslint-disable-next-line @next/next/no-img-element -- a stored WebP variant
        <img src={cover.url} alt="" className="aspect-video w-full rounded-md border border-line object-cover" />
      ) : (
        <p className="text-sm text-ink-soft">No cover yet: a story needs one to be published.</p>
      )}
      <div className="flex flex-wrap gap-2">
        <label className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
          <ImageUp aria-hidden className="size-4" />{' '}
          {uploading ? 'Uploading…' : cover ? 'Replace cover' : 'Choose cover'}
          <input
            type="file"
            accept={ACCEPTED_IMAGE_TYPES}
            className="sr-only"
            disabled={uploading}
            onChange={(event) => onChoose(event.target.files?.[0])}
          />
        </label>
        {cover ? (
          <Button type="button" variant="ghost" size="sm" onClick={onRemove}>
            Remove cover
          </Button>
        ) : null}
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={id('alt')}>
          Alt text
          {cover ? <RequiredMark /> : null}
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
  );
}
