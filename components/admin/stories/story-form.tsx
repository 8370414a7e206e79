'use client';

import { Undo2 } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { ReadyFieldset } from '@/components/ui/ready-fieldset';
import type { StoryStatusLabel } from '@/lib/stories/fields';
import { editField, type LocalCopy, type StoryFormBusy } from '@/lib/stories/form-state';
import type { StoryEditorState, StoryFormValues } from '@/lib/stories/form-values';
import { useHydrated } from '@/lib/use-hydrated';
import type { StoryFieldsKit } from './field-parts';
import { StoryAiHelper } from './story-ai-helper';
import { StoryCoverField } from './story-cover-field';
import { StoryBodyFields, StoryPlacementFields, StorySearchFields } from './story-fields';
import { StorySaveBar } from './story-save-bar';
import { useStoryForm } from './use-story-form';

export type StoryFormProps = {
  /** The saved story, or null for a new one. */
  story: StoryEditorState | null;
  values: StoryFormValues;
  /** Whether the AI helper is configured (OPENAI_API_KEY). */
  aiEnabled: boolean;
};

/**
 * The story editor (/admin/blog/new and /admin/blog/edit/{id}). Fields, the body in the rich-text
 * editor, the cover, and the buttons the story's state calls for: Save Draft and Publish for a
 * new or draft story, Save Changes and Unpublish for a published or scheduled one. Every change
 * is kept in this browser at once (a reload restores it); a draft is also saved to the server a
 * few seconds after the last change. Leaving with changes the server does not have asks first.
 */
export function StoryForm({ story, values: initial, aiEnabled }: StoryFormProps) {
  const ready = useHydrated();
  const ids = useId();
  const form = useStoryForm(story, initial);
  const { state, dispatch, save } = form;
  const { values, busy } = state;
  const kit: StoryFieldsKit = {
    id: (name) => `${ids}-${name}`,
    values,
    fieldErrors: state.fieldErrors,
    set: (name, value) => dispatch(editField(name, value)),
  };

  const status: StoryStatusLabel = state.saved?.status ?? 'Draft';
  // An autosave on its way does not hold the buttons: a click waits for it (see useStoryForm).
  const manualBusy = busy !== null && busy !== 'autosave';
  const published = status !== 'Draft';

  return (
    <form
      className="flex flex-col gap-8"
      onSubmit={(event) => {
        event.preventDefault();
        void save(published ? 'save' : 'draft');
      }}
      aria-busy={manualBusy}
    >
      <SaveStatus status={status} busy={busy} lastSavedAt={state.lastSavedAt} dirty={form.dirty} />
      {state.restored ? <RestoredNotice restored={state.restored} onDiscard={form.discardRestored} /> : null}
      {state.error ? (
        <p role="alert" className="rounded-card border border-clay/40 bg-white p-4 font-medium text-clay">
          {state.error}
        </p>
      ) : null}

      {/* Fields wait for the page's scripts: typed before then, text would be overwritten. */}
      <ReadyFieldset>
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <StoryBodyFields
            kit={kit}
            ready={ready}
            editorKey={state.editorKey}
            uploadImage={form.uploadImage}
            searchArtworks={form.searchArtworks}
          />
          <aside className="flex flex-col gap-6">
            <StoryPlacementFields kit={kit} onSlug={(text) => dispatch({ type: 'editSlug', text })} />
            <StoryCoverField
              kit={kit}
              cover={state.cover}
              uploading={busy === 'cover'}
              onChoose={(file) => void form.chooseCover(file)}
              onRemove={() => dispatch({ type: 'coverRemoved' })}
            />
            <StorySearchFields kit={kit} />
            <StoryAiHelper
              enabled={aiEnabled}
              values={values}
              coverUrl={state.cover?.url ?? null}
              onApply={(name, value) => kit.set(name, value)}
            />
          </aside>
        </div>
      </ReadyFieldset>

      <StorySaveBar
        published={published}
        busy={busy}
        disabled={!ready || manualBusy}
        saved={state.saved}
        title={values.title}
        onSave={(intent) => void save(intent)}
      />
    </form>
  );
}

type SaveStatusProps = { status: StoryStatusLabel; busy: StoryFormBusy; lastSavedAt: Date | null; dirty: boolean };

/** The story's state, and whether the server has what the form shows (read out as it changes). */
function SaveStatus({ status, busy, lastSavedAt, dirty }: SaveStatusProps) {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-ink-soft" aria-live="polite">
      <span className="rounded-full bg-paper-deep px-2.5 py-0.5 text-xs font-semibold text-ink">{status}</span>
      {busy === 'autosave' ? (
        <span>Saving…</span>
      ) : lastSavedAt ? (
        <span>Saved at {lastSavedAt.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })}</span>
      ) : null}
      {dirty && busy === null ? <span>Unsaved changes</span> : null}
    </div>
  );
}

function RestoredNotice({ restored, onDiscard }: { restored: LocalCopy; onDiscard: () => void }) {
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-3 rounded-card border border-wash/40 bg-wash-light/60 p-4 text-ink"
    >
      <p>
        Your unsaved changes from{' '}
        {new Date(restored.at).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })} were restored.
      </p>
      <Button type="button" variant="secondary" size="sm" onClick={onDiscard}>
        <Undo2 aria-hidden className="size-4" /> Discard them
      </Button>
    </div>
  );
}
