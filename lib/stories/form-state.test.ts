import { describe, expect, it } from 'vitest';
import { storyMessages } from './fields';
import {
  editField,
  fieldErrorsFrom,
  initialStoryFormState,
  isDirty,
  storyFormReducer,
  type LocalCopy,
  type SavedAnswer,
  type StoryFormAction,
  type StoryFormState,
} from './form-state';
import { emptyStoryForm, type StoryEditorState, type StoryFormValues } from './form-values';

const saved: StoryEditorState = { id: 'story-1', version: 4, status: 'Draft', cover: null };
const savedValues: StoryFormValues = { ...emptyStoryForm, title: 'Mist on the Lake', slug: 'mist-on-the-lake' };

const run = (state: StoryFormState, ...actions: StoryFormAction[]) => actions.reduce(storyFormReducer, state);
const fresh = () => initialStoryFormState(null, emptyStoryForm);
const opened = (story: StoryEditorState = saved) => initialStoryFormState(story, savedValues);

const answer = (extra: Partial<SavedAnswer> = {}): SavedAnswer => ({
  id: 'story-1',
  version: 5,
  status: 'Draft',
  slug: 'mist-on-the-lake',
  publishedAt: null,
  ...extra,
});

describe('storyFormReducer: typing', () => {
  it('a new story’s title writes its slug until the slug is typed by hand', () => {
    const titled = run(fresh(), editField('title', 'Mist on the Lake'));
    expect(titled.values.slug).toBe('mist-on-the-lake');
    expect(isDirty(titled)).toBe(true);

    const slugTyped = run(titled, { type: 'editSlug', text: 'Morning Mist!' });
    expect(slugTyped.slugTouched).toBe(true);
    expect(slugTyped.values.slug).toBe('morning-mist');
    expect(run(slugTyped, editField('title', 'Another Title')).values).toMatchObject({
      title: 'Another Title',
      slug: 'morning-mist',
    });
  });

  it('a saved story’s title leaves its slug alone', () => {
    const state = run(opened(), editField('title', 'Renamed'));
    expect(state.values).toMatchObject({ title: 'Renamed', slug: 'mist-on-the-lake' });
  });

  it('editing a field clears that field’s error only', () => {
    const state = {
      ...fresh(),
      fieldErrors: { tags: 'Use at most 20 tags.', publishAt: 'Enter a valid publish date.' },
    };
    const edited = run(state, editField('tags', 'mist, lake'));
    expect(edited.fieldErrors).toEqual({ publishAt: 'Enter a valid publish date.' });
    expect(run(edited, editField('excerpt', 'Short.')).fieldErrors).toBe(edited.fieldErrors);
  });

  it('an empty title asked to save marks the title, replacing other errors', () => {
    const state = run({ ...fresh(), fieldErrors: { tags: 'Use at most 20 tags.' } }, { type: 'titleMissing' });
    expect(state.fieldErrors).toEqual({ title: storyMessages.titleRequired });
  });
});

describe('storyFormReducer: saving', () => {
  it('a save starts busy with no error, and is idle again when it ends', () => {
    const started = run({ ...opened(), error: 'Earlier failure' }, { type: 'saveStarted', intent: 'publish' });
    expect(started).toMatchObject({ busy: 'publish', error: null });
    expect(run(started, { type: 'idle' }).busy).toBeNull();
  });

  it('a refused save shows the server’s message and its field errors by the form’s names', () => {
    const state = run(opened(), {
      type: 'saveFailed',
      intent: 'publish',
      error: 'Story not valid',
      fieldErrors: { 'fields.publishAt': ['Enter a valid publish date.', 'second'], tags: ['Too many'] },
    });
    expect(state.error).toBe('Story not valid');
    expect(state.fieldErrors).toEqual({ publishAt: 'Enter a valid publish date.', tags: 'Too many' });
  });

  it('a failed autosave says so and marks no field; a thrown save keeps the marked fields', () => {
    const marked = { ...opened(), fieldErrors: { tags: 'Too many' } };
    const autosave = run(marked, { type: 'saveFailed', intent: 'autosave', error: 'Offline', fieldErrors: {} });
    expect(autosave).toMatchObject({ error: 'Autosave failed: Offline', fieldErrors: { tags: 'Too many' } });
    const thrown = run(marked, { type: 'saveFailed', intent: 'save', error: 'Something went wrong' });
    expect(thrown).toMatchObject({ error: 'Something went wrong', fieldErrors: { tags: 'Too many' } });
  });

  it('a save makes what was sent the saved version, with the server’s slug and publish time', () => {
    const sent = { ...savedValues, title: 'Mist', slug: 'mist' };
    const at = new Date('2026-05-01T10:00:00Z');
    const state = run(
      opened(),
      editField('title', 'Mist'),
      { type: 'editSlug', text: 'mist' },
      { type: 'bodyImageUploaded', uploadId: 'u1' },
      { type: 'coverUploaded', cover: { url: '/c.webp', srcset: null }, uploadId: 'u2' },
      {
        type: 'saveSucceeded',
        sent,
        answer: answer({ slug: 'mist-2', status: 'Published', publishedAt: '2026-05-01T10:00:00.000Z' }),
        at,
      },
    );
    expect(state.values).toEqual({ ...sent, slug: 'mist-2', publishAt: '2026-05-01T10:00:00.000Z' });
    expect(state.savedValues).toEqual(state.values);
    expect(state).toMatchObject({
      saved: { id: 'story-1', version: 5, status: 'Published' },
      coverChange: undefined,
      uploads: [],
      lastSavedAt: at,
      cover: { url: '/c.webp', srcset: null },
    });
    expect(isDirty(state)).toBe(false);
  });

  it('a draft’s save keeps an empty publish date empty', () => {
    const sent = { ...savedValues, excerpt: 'New excerpt.' };
    const state = run(opened(), editField('excerpt', 'New excerpt.'), {
      type: 'saveSucceeded',
      sent,
      answer: answer({ publishedAt: '2026-05-01T10:00:00.000Z' }),
      at: new Date(),
    });
    expect(state.values.publishAt).toBe('');
  });

  it('what was typed while a save was on its way stays, and stays unsaved', () => {
    const sent = { ...savedValues, excerpt: 'First.' };
    const state = run(opened(), editField('excerpt', 'First. Then more.'), {
      type: 'saveSucceeded',
      sent,
      answer: answer({ slug: 'mist-on-the-lake-2' }),
      at: new Date(),
    });
    // The slug was not touched meanwhile: it follows the server's.
    expect(state.values).toMatchObject({ excerpt: 'First. Then more.', slug: 'mist-on-the-lake-2' });
    expect(state.savedValues).toMatchObject({ excerpt: 'First.', slug: 'mist-on-the-lake-2' });
    expect(isDirty(state)).toBe(true);
  });
});

describe('storyFormReducer: this browser’s copy and the cover', () => {
  const local: LocalCopy = {
    values: { ...emptyStoryForm, title: 'Half a Thought', excerpt: 'Typed before the reload.' },
    base: { id: 'story-9', version: 2, status: 'Draft' },
    at: '2026-05-01T09:00:00.000Z',
  };

  it('a restore on the new story page continues the draft it had autosaved', () => {
    const state = run(fresh(), { type: 'restore', local, adoptBase: true });
    expect(state).toMatchObject({ values: local.values, saved: local.base, restored: local, editorKey: 1 });
    expect(isDirty(state)).toBe(true);
  });

  it('a restore on a story’s page keeps the story loaded; discarding puts back the saved text', () => {
    const restored = run(opened(), { type: 'restore', local, adoptBase: false });
    expect(restored.saved).toEqual({ id: 'story-1', version: 4, status: 'Draft' });
    const discarded = run(restored, { type: 'discardRestored' });
    expect(discarded).toMatchObject({ values: savedValues, restored: null, editorKey: 2 });
    expect(isDirty(discarded)).toBe(false);
  });

  it('a save clears the restored notice', () => {
    const state = run(
      fresh(),
      { type: 'restore', local, adoptBase: true },
      {
        type: 'saveSucceeded',
        sent: local.values,
        answer: answer({ id: 'story-9', slug: 'half-a-thought' }),
        at: new Date(),
      },
    );
    expect(state.restored).toBeNull();
  });

  it('a cover upload holds the form, then the new cover is unsaved until the next save', () => {
    const uploading = run(opened(), { type: 'coverUploadStarted' });
    expect(uploading.busy).toBe('cover');
    const chosen = run(
      uploading,
      { type: 'coverUploaded', cover: { url: '/new.webp', srcset: null }, uploadId: 'u3' },
      {
        type: 'idle',
      },
    );
    expect(chosen).toMatchObject({ busy: null, cover: { url: '/new.webp' }, coverChange: { uploadId: 'u3' } });
    expect(isDirty(chosen)).toBe(true);
  });

  it('removing a saved cover is a change of its own', () => {
    const story = { ...saved, cover: { url: '/old.webp', srcset: '/old-400.webp 400w' } };
    const state = run(opened(story), { type: 'coverRemoved' });
    expect(state).toMatchObject({ cover: null, coverChange: null });
    expect(isDirty(state)).toBe(true);
  });

  it('images uploaded into the body are listed for the next save, in order', () => {
    const state = run(
      fresh(),
      { type: 'bodyImageUploaded', uploadId: 'a' },
      { type: 'bodyImageUploaded', uploadId: 'b' },
    );
    expect(state.uploads).toEqual(['a', 'b']);
  });
});

describe('fieldErrorsFrom', () => {
  it('drops the fields. prefix and keeps the first message, or none', () => {
    expect(fieldErrorsFrom({ 'fields.title': ['Title is required.'], cover: [] })).toEqual({
      title: 'Title is required.',
      cover: '',
    });
  });
});
