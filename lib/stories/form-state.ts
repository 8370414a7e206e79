import { typingSlug } from '@/lib/slug';
import { storyMessages, type StoryIntent, type StoryStatusLabel } from './fields';
import type { StoryEditorState, StoryFormValues } from './form-values';
import type { SaveStoryResult } from './save';

/** The saved story a save writes over. */
export type SavedStory = { id: string; version: number; status: StoryStatusLabel };

/**
 * This browser's copy of unsaved changes: the values, and the saved story they were written over
 * (null: a new story not saved yet). Kept per page: the story's id, or 'new' for /admin/blog/new,
 * which keeps its address while it autosaves (a reload there continues the same draft).
 */
export type LocalCopy = { values: StoryFormValues; base: SavedStory | null; at: string };

export type StoryCover = { url: string; srcset: string | null };

/** What the editor is waiting for: a save (by its intent), an autosave or the cover's upload. */
export type StoryFormBusy = StoryIntent | 'autosave' | 'cover' | null;

export type StoryFormState = {
  values: StoryFormValues;
  /** The values the server has: the form is dirty while they differ. */
  savedValues: StoryFormValues;
  /** null: a new story the server does not have yet. */
  saved: SavedStory | null;
  cover: StoryCover | null;
  /** undefined: the cover as saved; null: removed; an upload: the new one the next save sends. */
  coverChange: { uploadId: string } | null | undefined;
  /** Images uploaded into the body since the last save. */
  uploads: string[];
  busy: StoryFormBusy;
  error: string | null;
  fieldErrors: Record<string, string>;
  /** The local copy restored on load, until it is saved or discarded. */
  restored: LocalCopy | null;
  lastSavedAt: Date | null;
  /** Once the slug is typed, the title no longer writes it. */
  slugTouched: boolean;
  /** Bumped to give the rich-text editor new content (a restore or a discard). */
  editorKey: number;
};

/** One field's new value, typed by its name. */
export type FieldEdit = {
  [K in keyof StoryFormValues]: { type: 'edit'; name: K; value: StoryFormValues[K] };
}[keyof StoryFormValues];

/** What the server answered to a save, as far as the form cares. */
export type SavedAnswer = Pick<SaveStoryResult, 'id' | 'version' | 'status' | 'slug' | 'publishedAt'>;

export type StoryFormAction =
  | FieldEdit
  | { type: 'editSlug'; text: string }
  | { type: 'restore'; local: LocalCopy; adoptBase: boolean }
  | { type: 'discardRestored' }
  | { type: 'titleMissing' }
  | { type: 'saveStarted'; intent: StoryIntent | 'autosave' }
  | { type: 'saveFailed'; intent: StoryIntent | 'autosave'; error: string; fieldErrors?: Record<string, string[]> }
  | { type: 'saveSucceeded'; sent: StoryFormValues; answer: SavedAnswer; at: Date }
  | { type: 'idle' }
  | { type: 'bodyImageUploaded'; uploadId: string }
  | { type: 'coverUploadStarted' }
  | { type: 'coverUploaded'; cover: StoryCover; uploadId: string }
  | { type: 'coverRemoved' };

export function editField<K extends keyof StoryFormValues>(name: K, value: StoryFormValues[K]): FieldEdit {
  return { type: 'edit', name, value } as FieldEdit;
}

export function initialStoryFormState(story: StoryEditorState | null, values: StoryFormValues): StoryFormState {
  return {
    values,
    savedValues: values,
    saved: story ? { id: story.id, version: story.version, status: story.status } : null,
    cover: story?.cover ?? null,
    coverChange: undefined,
    uploads: [],
    busy: null,
    error: null,
    fieldErrors: {},
    restored: null,
    lastSavedAt: null,
    slugTouched: Boolean(story),
    editorKey: 0,
  };
}

export const sameValues = (a: StoryFormValues, b: StoryFormValues) => JSON.stringify(a) === JSON.stringify(b);

/** Whether the server lacks something the form holds: a field's text or the cover. */
export const isDirty = (state: StoryFormState) =>
  !sameValues(state.values, state.savedValues) || state.coverChange !== undefined;

export const savedStoryOf = (answer: SavedAnswer): SavedStory => ({
  id: answer.id,
  version: answer.version,
  status: answer.status,
});

/** The server's field errors by the form's names ('fields.title' → 'title'), the first of each. */
export function fieldErrorsFrom(errors: Record<string, string[]>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([key, list]) => [key.replace(/^fields\./, ''), list[0] ?? '']));
}

function withoutError(errors: Record<string, string>, name: string): Record<string, string> {
  if (!errors[name]) return errors;
  return Object.fromEntries(Object.entries(errors).filter(([key]) => key !== name));
}

function edit(state: StoryFormState, { name, value }: FieldEdit): StoryFormState {
  const values = { ...state.values, [name]: value };
  if (name === 'title' && !state.slugTouched) values.slug = typingSlug(value);
  return { ...state, values, fieldErrors: withoutError(state.fieldErrors, name) };
}

/**
 * After a save: what was sent is what the server has (with the slug it chose, and the publish
 * time it gave a story published "now"). Whatever was typed while the save was on its way stays
 * in the form.
 */
function saveSucceeded(state: StoryFormState, sent: StoryFormValues, answer: SavedAnswer, at: Date): StoryFormState {
  const savedValues = {
    ...sent,
    slug: answer.slug,
    publishAt:
      sent.publishAt || (answer.status !== 'Draft' && answer.publishedAt ? answer.publishedAt : sent.publishAt),
  };
  const current = state.values;
  const values = sameValues(current, sent)
    ? savedValues
    : { ...current, slug: current.slug === sent.slug ? answer.slug : current.slug };
  return {
    ...state,
    values,
    savedValues,
    saved: savedStoryOf(answer),
    coverChange: undefined,
    uploads: [],
    lastSavedAt: at,
    restored: null,
  };
}

function saveFailed(state: StoryFormState, action: Extract<StoryFormAction, { type: 'saveFailed' }>) {
  // An autosave's failure is only reported: the owner did not ask for it, so no field is marked.
  if (action.intent === 'autosave') return { ...state, error: `Autosave failed: ${action.error}` };
  const fieldErrors = action.fieldErrors ? fieldErrorsFrom(action.fieldErrors) : state.fieldErrors;
  return { ...state, error: action.error, fieldErrors };
}

export function storyFormReducer(state: StoryFormState, action: StoryFormAction): StoryFormState {
  switch (action.type) {
    case 'edit':
      return edit(state, action);
    case 'editSlug':
      return edit({ ...state, slugTouched: true }, { type: 'edit', name: 'slug', value: typingSlug(action.text) });
    case 'restore':
      return {
        ...state,
        saved: action.adoptBase && action.local.base ? action.local.base : state.saved,
        values: action.local.values,
        restored: action.local,
        editorKey: state.editorKey + 1,
      };
    case 'discardRestored':
      return { ...state, values: state.savedValues, restored: null, editorKey: state.editorKey + 1 };
    case 'titleMissing':
      return { ...state, fieldErrors: { title: storyMessages.titleRequired } };
    case 'saveStarted':
      return { ...state, busy: action.intent, error: null };
    case 'saveFailed':
      return saveFailed(state, action);
    case 'saveSucceeded':
      return saveSucceeded(state, action.sent, action.answer, action.at);
    case 'idle':
      return { ...state, busy: null };
    case 'bodyImageUploaded':
      return { ...state, uploads: [...state.uploads, action.uploadId] };
    case 'coverUploadStarted':
      return { ...state, busy: 'cover' };
    case 'coverUploaded':
      return { ...state, cover: action.cover, coverChange: { uploadId: action.uploadId } };
    case 'coverRemoved':
      return { ...state, cover: null, coverChange: null };
  }
}
