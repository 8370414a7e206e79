'use client';

import { Eye, FlaskConical, Save } from 'lucide-react';
import Link from 'next/link';
import { useId } from 'react';
import { RichTextEditor } from '@/components/admin/stories/rich-text-editor';
import type { ArtworkPick } from '@/components/admin/stories/editor-types';
import { Button, buttonVariants } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ReadyFieldset } from '@/components/ui/ready-fieldset';
import { Textarea } from '@/components/ui/textarea';
import { LETTER_LIMITS } from '@/lib/newsletter/letter-fields';
import { londonDateTime } from '@/lib/newsletter/london-time';
import { findPaintingsForStory } from '@/lib/stories/actions';
import { useHydrated } from '@/lib/use-hydrated';
import { DeleteLetterButton } from './delete-letter-button';
import { SendDialog } from './send-dialog';
import { useLetterEditor, type LetterValues, type SavedLetterState } from './use-letter-editor';

export type LetterEditorProps = {
  /** The saved letter, or null for a new one. */
  letter: SavedLetterState | null;
  values: LetterValues;
  /** Confirmed subscribers: whom "Send now" reaches. */
  confirmed: number;
  /** Whether the site can send email (SMTP_URL and MAIL_FROM): tests and sends wait for it. */
  mailReady: boolean;
};

/** Published paintings for "Insert a painting", as the story editor finds them. */
async function searchArtworks(query: string): Promise<ArtworkPick[]> {
  const result = await findPaintingsForStory({ query });
  if (!result.ok) throw new Error(result.error);
  return result.data.filter((art) => Boolean(art.thumbUrl));
}

/**
 * The letter editor (/admin/newsletter/new and /admin/newsletter/{id}; docs/product.md, Letters):
 * the title (the email's subject), the preview line, and the letter in the stories' rich-text
 * editor with "Insert a painting". Save draft; once saved, preview as a web page, send a test to
 * the owner, and send now or at a time. Leaving with unsaved changes asks first.
 */
export function LetterEditor({ letter, values: initial, confirmed, mailReady }: LetterEditorProps) {
  const ready = useHydrated();
  const ids = useId();
  const editor = useLetterEditor(letter, initial);
  const { values, set, saved, busy } = editor;
  const id = (name: string) => `${ids}-${name}`;
  const invalid = (name: string) =>
    editor.fieldErrors[name] ? { 'aria-invalid': true as const, 'aria-describedby': id(`${name}-error`) } : {};

  return (
    <form
      className="flex flex-col gap-6"
      aria-busy={busy !== null}
      onSubmit={(event) => {
        event.preventDefault();
        void editor.save();
      }}
    >
      <EditorStatus saved={saved} dirty={editor.dirty} />
      {editor.error ? (
        <p role="alert" className="rounded-card border border-clay/40 bg-white p-4 font-medium text-clay">
          {editor.error}
        </p>
      ) : null}
      <ReadyFieldset>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={id('title')}>
            Title<span className="text-clay"> *</span>
          </Label>
          <Input
            id={id('title')}
            value={values.title}
            maxLength={LETTER_LIMITS.title}
            aria-required
            onChange={(event) => set('title', event.target.value)}
            {...invalid('title')}
          />
          <FieldError id={id('title-error')} message={editor.fieldErrors.title} />
          <p className="text-sm text-ink-soft">The email’s subject, and the heading on the site.</p>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={id('summary')}>Preview line</Label>
          <Textarea
            id={id('summary')}
            rows={2}
            value={values.summary}
            maxLength={LETTER_LIMITS.summary}
            aria-describedby={id('summary-hint')}
            onChange={(event) => set('summary', event.target.value)}
          />
          <p id={id('summary-hint')} className="text-sm text-ink-soft">
            Shown after the subject in most inboxes, and under the title on the site. {values.summary.length}/
            {LETTER_LIMITS.summary}
          </p>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={id('body')}>Letter</Label>
          {ready ? (
            <RichTextEditor
              id={id('body')}
              label="Letter"
              initialHtml={values.content}
              onChange={(html) => set('content', html)}
              searchArtworks={searchArtworks}
            />
          ) : (
            <div className="min-h-80 rounded-md border border-ink/25 bg-white p-4 text-ink-soft">
              Loading the editor…
            </div>
          )}
          <p className="text-sm text-ink-soft">Paintings go in with ‘Insert a painting’, as cards linking to them.</p>
        </div>
      </ReadyFieldset>
      <EditorBar editor={editor} title={values.title} confirmed={confirmed} mailReady={mailReady} ready={ready} />
    </form>
  );
}

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="text-sm font-medium text-clay">
      {message}
    </p>
  ) : null;
}

/** The letter's state, and whether the server has what the form shows (read out as it changes). */
function EditorStatus({ saved, dirty }: { saved: SavedLetterState | null; dirty: boolean }) {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-ink-soft" aria-live="polite">
      <span className="rounded-full bg-paper-deep px-2.5 py-0.5 text-xs font-semibold text-ink">
        {saved?.status === 'scheduled' && saved.sendAt
          ? `Scheduled for ${londonDateTime(new Date(saved.sendAt))}`
          : 'Draft'}
      </span>
      {dirty ? <span>{saved ? 'Unsaved changes' : 'Not saved yet'}</span> : <span>Saved</span>}
    </div>
  );
}

type BarProps = {
  editor: ReturnType<typeof useLetterEditor>;
  title: string;
  confirmed: number;
  mailReady: boolean;
  ready: boolean;
};

/** The bar under the form: save, preview, test, send (or change the time), cancel a schedule, delete. */
function EditorBar({ editor, title, confirmed, mailReady, ready }: BarProps) {
  const { saved, busy } = editor;
  const disabled = !ready || busy !== null;
  const noMail = mailReady ? undefined : 'Email is not set up yet: see the note on the Newsletter page.';
  return (
    <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center gap-2 border-t border-line bg-paper/95 px-4 py-3 backdrop-blur">
      <Button type="submit" variant="secondary" disabled={disabled}>
        <Save aria-hidden className="size-4" /> {busy === 'save' ? 'Saving…' : 'Save draft'}
      </Button>
      <Button
        type="button"
        variant="secondary"
        disabled={disabled || !mailReady}
        title={noMail}
        onClick={() => void editor.sendTest()}
      >
        <FlaskConical aria-hidden className="size-4" /> {busy === 'test' ? 'Sending the test…' : 'Send a test to me'}
      </Button>
      <SendDialog
        title={title}
        confirmed={confirmed}
        sendAt={saved?.status === 'scheduled' ? saved.sendAt : null}
        disabled={disabled || !mailReady}
        busy={busy === 'send'}
        onSend={editor.send}
      />
      {saved?.status === 'scheduled' ? (
        <Button type="button" variant="ghost" disabled={disabled} onClick={() => void editor.cancelSchedule()}>
          {busy === 'cancel' ? 'Cancelling…' : 'Cancel schedule'}
        </Button>
      ) : null}
      {saved ? (
        <Link
          href={`/admin/newsletter/${saved.id}/preview`}
          target="_blank"
          className={buttonVariants({ variant: 'ghost' })}
        >
          <Eye aria-hidden className="size-4" /> Preview as web page
        </Link>
      ) : null}
      {saved ? <DeleteLetterButton id={saved.id} title={title} disabled={disabled} /> : null}
    </div>
  );
}
