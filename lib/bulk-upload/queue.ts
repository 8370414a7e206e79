import type { Category } from '@/lib/categories';
import { slugifyTitle } from '@/lib/slug';
import { defaultAltText, titleFromFileName } from './item-defaults';

/**
 * The bulk upload queue (docs/product.md, Bulk upload) as a pure
 * reducer: the screen dispatches, the tests replay. Side effects (object URLs, requests) stay
 * in the component; `preview` is only carried here so it can be released when its item leaves.
 */
export type ItemFields = {
  title: string;
  slug: string;
  category: Category;
  price: string;
  description: string;
  imageAlt: string;
};
export type BatchDefaults = Pick<ItemFields, 'category' | 'price' | 'description'>;

/**
 * Sanctuaries of the Mind and 'On Request' in bulk uploads (docs/product.md, Limits and constants).
 */
export const initialDefaults: BatchDefaults = {
  category: 'Sanctuaries of the Mind',
  price: 'On Request',
  description: '',
};

/** checking: its checksum is being worked out and compared; ready: waits for Upload All. */
export type ItemStatus = 'checking' | 'ready' | 'uploading' | 'complete' | 'failed';

/**
 * Progress (docs/product.md, Bulk upload) is 0, then 25 after the slug check, then 100 (Complete or
 * Error).
 */
export type ItemProgress = 0 | 25 | 100;

export type SavedArtwork = { title: string; path: string };

export type QueueItem = {
  id: string;
  file: File;
  preview: string;
  fields: ItemFields;
  /** The slug and the alt text follow the title until the owner types their own. */
  slugFollowsTitle: boolean;
  altFollowsTitle: boolean;
  /** SHA-256 of the file, hex; null while checking or where the browser cannot hash. */
  checksum: string | null;
  /** Title of an existing artwork whose image has the same checksum. */
  existingMatch: string | null;
  /** The owner chose to upload it although it is flagged as a duplicate. */
  keep: boolean;
  status: ItemStatus;
  progress: ItemProgress;
  error: string | null;
};

export type QueueState = {
  items: QueueItem[];
  defaults: BatchDefaults;
  /** The run in progress: the items it takes, in order, and what it saved so far. */
  run: { ids: string[]; saved: SavedArtwork[] } | null;
  /** The last run's outcome, for 'Bulk Upload Complete ({done}/{total} …)'. */
  finished: { done: number; total: number; saved: SavedArtwork[] } | null;
};

export const initialQueue: QueueState = { items: [], defaults: initialDefaults, run: null, finished: null };

export type QueueAction =
  | { type: 'added'; items: QueueItem[] }
  | { type: 'checked'; id: string; checksum: string | null; existingMatch: string | null }
  | { type: 'edited'; id: string; field: keyof ItemFields; value: string }
  | { type: 'removed'; id: string }
  | { type: 'kept'; id: string }
  | { type: 'defaultsChanged'; defaults: Partial<BatchDefaults> }
  | { type: 'defaultsApplied' }
  | { type: 'runStarted'; ids: string[] }
  | { type: 'itemStarted'; id: string }
  | { type: 'slugChecked'; id: string; slug: string }
  | { type: 'itemCompleted'; id: string; saved: SavedArtwork }
  | { type: 'itemFailed'; id: string; error: string }
  | { type: 'runFinished' };

/** A new queue item for a file, with the batch defaults and the title-derived fields. */
export function newItem(id: string, file: File, preview: string, defaults: BatchDefaults): QueueItem {
  const title = titleFromFileName(file.name);
  return {
    id,
    file,
    preview,
    fields: { title, slug: slugifyTitle(title), imageAlt: defaultAltText(title), ...defaults },
    slugFollowsTitle: true,
    altFollowsTitle: true,
    checksum: null,
    existingMatch: null,
    keep: false,
    status: 'checking',
    progress: 0,
    error: null,
  };
}

/** Whether the owner may change or remove the item now: not while the current run has it. */
export function isLocked(state: QueueState, item: QueueItem): boolean {
  return item.status === 'uploading' || item.status === 'complete' || (state.run?.ids.includes(item.id) ?? false);
}

export function queueReducer(state: QueueState, action: QueueAction): QueueState {
  const update = (id: string, change: (item: QueueItem) => QueueItem | null): QueueState => ({
    ...state,
    items: state.items.flatMap((item) => {
      if (item.id !== id) return [item];
      const next = change(item);
      return next ? [next] : [];
    }),
  });
  const editable = (id: string, change: (item: QueueItem) => QueueItem | null) =>
    update(id, (item) => (isLocked(state, item) ? item : change(item)));

  switch (action.type) {
    case 'added':
      return { ...state, items: [...state.items, ...action.items] };
    case 'checked':
      return update(action.id, (item) => ({
        ...item,
        checksum: action.checksum,
        existingMatch: action.existingMatch,
        status: item.status === 'checking' ? 'ready' : item.status,
      }));
    case 'edited':
      return editable(action.id, (item) => edit(item, action.field, action.value));
    case 'removed':
      return editable(action.id, () => null);
    case 'kept':
      return update(action.id, (item) => ({ ...item, keep: true }));
    case 'defaultsChanged':
      return { ...state, defaults: { ...state.defaults, ...action.defaults } };
    case 'defaultsApplied':
      return {
        ...state,
        items: state.items.map((item) =>
          isLocked(state, item) ? item : { ...item, fields: { ...item.fields, ...state.defaults } },
        ),
      };
    case 'runStarted': {
      if (state.run) return state;
      const ids = action.ids.filter((id) => state.items.some((item) => item.id === id && canUpload(state.items, item)));
      if (ids.length === 0) return state;
      return {
        ...state,
        finished: null,
        run: { ids, saved: [] },
        // A retried item waits again, its old failure cleared.
        items: state.items.map((item) =>
          ids.includes(item.id) ? { ...item, status: 'ready', progress: 0, error: null } : item,
        ),
      };
    }
    case 'itemStarted':
      return update(action.id, (item) => ({ ...item, status: 'uploading', progress: 0, error: null }));
    case 'slugChecked':
      return update(action.id, (item) => ({ ...item, progress: 25, fields: { ...item.fields, slug: action.slug } }));
    case 'itemCompleted':
      return {
        ...update(action.id, (item) => ({ ...item, status: 'complete', progress: 100, error: null })),
        run: state.run ? { ...state.run, saved: [...state.run.saved, action.saved] } : state.run,
      };
    case 'itemFailed':
      return update(action.id, (item) => ({ ...item, status: 'failed', progress: 100, error: action.error }));
    case 'runFinished': {
      if (!state.run) return state;
      const completed = state.items.filter((item) => item.status === 'complete');
      const savedChecksums = new Map(
        completed.flatMap((item) => (item.checksum ? [[item.checksum, item.fields.title] as const] : [])),
      );
      return {
        ...state,
        run: null,
        finished: { done: state.run.saved.length, total: state.run.ids.length, saved: state.run.saved },
        // Completed items leave the queue (docs/product.md, Bulk upload); a
        // remaining copy of one of their images is now a copy of an existing artwork.
        items: state.items
          .filter((item) => item.status !== 'complete')
          .map((item) =>
            item.checksum && !item.existingMatch && savedChecksums.has(item.checksum)
              ? { ...item, existingMatch: savedChecksums.get(item.checksum)! }
              : item,
          ),
      };
    }
  }
}

function edit(item: QueueItem, field: keyof ItemFields, value: string): QueueItem {
  const fields = { ...item.fields, [field]: value } as ItemFields;
  if (field === 'title') {
    if (item.slugFollowsTitle) fields.slug = slugifyTitle(value);
    if (item.altFollowsTitle) fields.imageAlt = defaultAltText(value);
    return { ...item, fields };
  }
  if (field === 'slug') return { ...item, fields, slugFollowsTitle: value === '' };
  if (field === 'imageAlt') return { ...item, fields, altFollowsTitle: false };
  return { ...item, fields };
}

export type Duplicate = { kind: 'existing' | 'queue'; title: string };

/**
 * What the item's image duplicates: an existing artwork, else an item earlier in the queue
 * with the same checksum (the first copy is never flagged, the later ones are).
 */
export function duplicateOf(items: QueueItem[], item: QueueItem): Duplicate | null {
  if (item.existingMatch) return { kind: 'existing', title: item.existingMatch };
  if (!item.checksum) return null;
  for (const other of items) {
    if (other.id === item.id) return null;
    if (other.checksum === item.checksum) return { kind: 'queue', title: other.fields.title };
  }
  return null;
}

/** A flagged duplicate the owner has not yet chosen to keep (skipping removes it). */
export function awaitsDecision(items: QueueItem[], item: QueueItem): boolean {
  return !item.keep && duplicateOf(items, item) !== null;
}

export function canUpload(items: QueueItem[], item: QueueItem): boolean {
  return (item.status === 'ready' || item.status === 'failed') && !awaitsDecision(items, item);
}

/** What Upload All would take, and why any other item waits. */
export function uploadPlan(items: QueueItem[]): { ids: string[]; checking: number; undecided: number } {
  return {
    ids: items.filter((item) => canUpload(items, item)).map((item) => item.id),
    checking: items.filter((item) => item.status === 'checking').length,
    undecided: items.filter(
      (item) => (item.status === 'ready' || item.status === 'failed') && awaitsDecision(items, item),
    ).length,
  };
}

/** The run's overall progress: each item counts its own progress, a processed one 100. */
export function runProgress(state: QueueState): { processed: number; total: number; percent: number } | null {
  if (!state.run) return null;
  const inRun = state.items.filter((item) => state.run!.ids.includes(item.id));
  const processed = inRun.filter((item) => item.status === 'complete' || item.status === 'failed').length;
  // runStarted set every item of the run to 0, so the sum counts only this run's work.
  const sum = inRun.reduce((total, item) => total + item.progress, 0);
  return { processed, total: state.run.ids.length, percent: Math.round(sum / state.run.ids.length) };
}
