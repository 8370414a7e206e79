import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useReducer, useRef, type Dispatch, type RefObject } from 'react';
import { uploadArtworkImage } from '@/components/admin/artworks/upload-image';
import { useLeaveGuard } from '@/components/admin/bulk-upload/use-leave-guard';
import { MAX_IMAGE_BYTES, messages as imageMessages } from '@/lib/artworks/admin/schema';
import { uploadSrcSet } from '@/lib/images/srcset';
import { findPaintingsForStory, saveStory } from '@/lib/stories/actions';
import type { StoryIntent } from '@/lib/stories/fields';
import {
  initialStoryFormState,
  isDirty,
  sameValues,
  savedStoryOf,
  storyFormReducer,
  type StoryFormAction,
  type StoryFormState,
} from '@/lib/stories/form-state';
import type { StoryEditorState, StoryFormValues } from '@/lib/stories/form-values';
import type { SaveStoryResult } from '@/lib/stories/save';
import { toast } from '@/lib/toast';
import type { ArtworkPick, UploadImage } from './editor-types';
import { readLocal, writeLocal } from './local-copy';

export const LEAVE_UNSAVED = 'This story has changes that are not saved. Leave anyway?';
const AUTOSAVE_DRAFT_MS = 3_000;
const AUTOSAVE_LOCAL_MS = 600;

type SaveIntent = StoryIntent | 'autosave';
type Save = (intent: SaveIntent) => Promise<boolean>;

/**
 * The story editor's state and what changes it: the reducer, this browser's copy of unsaved
 * changes, saves one after another (a draft's on its own a few seconds after the last change),
 * and uploads into the body and for the cover.
 */
export function useStoryForm(story: StoryEditorState | null, initial: StoryFormValues) {
  const router = useRouter();
  const [state, dispatch] = useReducer(storyFormReducer, story, (opened) => initialStoryFormState(opened, initial));

  // What a save sends is read when it is sent, not when it was asked for: a save asked for while
  // another is on its way (Publish during an autosave) waits for it, then sends its new version.
  const latest = useRef(state);
  useEffect(() => {
    latest.current = state;
  });

  const dirty = isDirty(state);
  useLeaveGuard(dirty, LEAVE_UNSAVED);

  const page = story?.id ?? null;
  useLocalCopy(story, initial, state, dirty, dispatch);

  const send = useCallback(
    (intent: SaveIntent) => sendStory(intent, { latest, dispatch, story, router, page }),
    [router, story, page],
  );
  const save = useSaveQueue(send);
  useDraftAutosave(state, dirty, save);

  const discardRestored = () => {
    writeLocal(page, null);
    dispatch({ type: 'discardRestored' });
  };

  return { state, dispatch, dirty, save, discardRestored, ...useStoryUploads(state.values, dispatch) };
}

/**
 * A reload restores what this browser kept: on a story's page, if it was written over the
 * version loaded now; on the new story page, with the draft it had autosaved, if any. Every
 * change is kept, shortly after it is made (a save or a discard clears the copy; a copy equal to
 * what the server has is never restored).
 */
function useLocalCopy(
  story: StoryEditorState | null,
  initial: StoryFormValues,
  { values, saved }: StoryFormState,
  dirty: boolean,
  dispatch: Dispatch<StoryFormAction>,
) {
  const page = story?.id ?? null;
  // Read once the page is interactive (the server cannot see this browser's storage).
  useEffect(() => {
    const timer = setTimeout(() => {
      const local = readLocal(page);
      if (!local || sameValues(local.values, initial)) return;
      if (story && (local.base?.id !== story.id || local.base.version !== story.version)) return;
      dispatch({ type: 'restore', local, adoptBase: !story });
    });
    return () => clearTimeout(timer);
    // Once, on the first render in the browser.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!dirty) return;
    const timer = setTimeout(
      () => writeLocal(page, { values, base: saved, at: new Date().toISOString() }),
      AUTOSAVE_LOCAL_MS,
    );
    return () => clearTimeout(timer);
  }, [values, dirty, saved, page]);
}

type SendContext = {
  latest: RefObject<StoryFormState>;
  dispatch: Dispatch<StoryFormAction>;
  story: StoryEditorState | null;
  router: ReturnType<typeof useRouter>;
  page: string | null;
};

/** Sends the form as it is now; true when the server saved it. */
async function sendStory(intent: SaveIntent, { latest, dispatch, story, router, page }: SendContext) {
  const { values: sent, saved: base, coverChange: cover, uploads } = latest.current;
  if (!sent.title.trim()) {
    if (intent !== 'autosave') dispatch({ type: 'titleMissing' });
    return false;
  }
  dispatch({ type: 'saveStarted', intent });
  try {
    const result = await saveStory({
      id: base?.id,
      version: base?.version,
      intent: intent === 'autosave' ? 'draft' : intent,
      fields: sent,
      ...(cover !== undefined ? { cover } : {}),
      uploads,
    });
    if (!result.ok) {
      dispatch({ type: 'saveFailed', intent, error: result.error, fieldErrors: result.fieldErrors ?? {} });
      if (intent !== 'autosave') toast.error('Story not saved', { description: result.error });
      return false;
    }
    const data = result.data;
    latest.current = { ...latest.current, saved: savedStoryOf(data), coverChange: undefined, uploads: [] };
    dispatch({ type: 'saveSucceeded', sent, answer: data, at: new Date() });
    writeLocal(page, null);
    if (intent !== 'autosave') {
      announceSaved(intent, data);
      // A new story's page becomes its own (the edit page, with Preview's address); a story's
      // page shows its new state (View on site, Scheduled).
      if (!story) router.replace(`/admin/blog/edit/${data.id}`);
      else router.refresh();
    }
    return true;
  } catch (thrown) {
    const message = thrown instanceof Error && thrown.message ? thrown.message : 'Something went wrong';
    dispatch({ type: 'saveFailed', intent, error: message });
    return false;
  } finally {
    dispatch({ type: 'idle' });
  }
}

function announceSaved(intent: StoryIntent, data: SaveStoryResult) {
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
}

/** Saves one after another, in the order asked; an autosave is skipped while another save is on its way. */
function useSaveQueue(send: Save): Save {
  const savingRef = useRef(false);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  return useCallback(
    (intent: SaveIntent) => {
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
}

/** A draft saves itself a few seconds after the last change (a published story waits for Save Changes). */
function useDraftAutosave({ saved, values }: StoryFormState, dirty: boolean, save: Save) {
  const isDraft = !saved || saved.status === 'Draft';
  useEffect(() => {
    if (!isDraft || !dirty || !values.title.trim()) return;
    const timer = setTimeout(() => void save('autosave'), AUTOSAVE_DRAFT_MS);
    return () => clearTimeout(timer);
  }, [isDraft, dirty, values, save]);
}

async function searchArtworks(query: string): Promise<ArtworkPick[]> {
  const result = await findPaintingsForStory({ query });
  if (!result.ok) throw new Error(result.error);
  return result.data.filter((art) => Boolean(art.thumbUrl));
}

/** Images uploaded into the body (sent with the next save) and for the cover. */
function useStoryUploads(values: StoryFormValues, dispatch: Dispatch<StoryFormAction>) {
  const uploadImage = useCallback<UploadImage>(
    async (file) => {
      if (file.size > MAX_IMAGE_BYTES)
        return { ok: false, error: `${imageMessages.imageTooLargeTitle}: ${imageMessages.imageTooLarge}` };
      const outcome = await uploadArtworkImage(file, 'Stories', values.slug || values.title || 'story');
      if (!outcome.ok) return outcome;
      dispatch({ type: 'bodyImageUploaded', uploadId: outcome.reference.uploadId });
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
    [values.slug, values.title, dispatch],
  );

  const chooseCover = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_IMAGE_BYTES) {
      toast.error(imageMessages.imageTooLargeTitle, { description: imageMessages.imageTooLarge });
      return;
    }
    dispatch({ type: 'coverUploadStarted' });
    try {
      const outcome = await uploadArtworkImage(file, 'Stories', values.slug || values.title || 'story');
      if (!outcome.ok) {
        toast.error('Image Upload Failed', { description: outcome.error });
        return;
      }
      const cover = { url: outcome.image.image_thumb_800_url ?? outcome.image.publicUrl, srcset: null };
      dispatch({ type: 'coverUploaded', cover, uploadId: outcome.reference.uploadId });
    } finally {
      dispatch({ type: 'idle' });
    }
  };

  return { uploadImage, searchArtworks, chooseCover };
}
