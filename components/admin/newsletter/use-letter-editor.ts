import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLeaveGuard } from '@/components/admin/bulk-upload/use-leave-guard';
import type { ActionResult } from '@/lib/auth/types';
import {
  cancelScheduleAction,
  saveLetterAction,
  scheduleLetterAction,
  sendLetterNowAction,
  sendTestLetterAction,
} from '@/lib/newsletter/actions';
import type { LetterFieldValues, LetterStatus } from '@/lib/newsletter/letter-fields';
import { londonDateTime } from '@/lib/newsletter/london-time';
import { toast } from '@/lib/toast';

export const LEAVE_UNSAVED = 'This letter has changes that are not saved. Leave anyway?';

export type LetterValues = Required<LetterFieldValues>;
/** The letter as the server last saved it: each change is made over this version. */
export type SavedLetterState = { id: string; version: number; status: LetterStatus; sendAt: string | null };
export type EditorBusy = null | 'save' | 'test' | 'send' | 'cancel';
/** What "Send" was asked to do: now, or at a London date and time ('2026-12-01T09:30'). */
export type SendChoice = { when: 'now' } | { when: 'later'; at: string };

const same = (a: LetterValues, b: LetterValues) =>
  a.title === b.title && a.summary === b.summary && a.content === b.content;

/**
 * The letter editor's state and what it does (docs/product.md, Letters): save, then send a test,
 * send or schedule, or cancel a schedule, each over the saved version, saving first when the
 * form has changes. After each the page is drawn again from the server (its preview, its state).
 */
export function useLetterEditor(saved0: SavedLetterState | null, initial: LetterValues) {
  const router = useRouter();
  const [values, setValues] = useState(initial);
  const [baseline, setBaseline] = useState(initial);
  const [saved, setSaved] = useState(saved0);
  const [busy, setBusy] = useState<EditorBusy>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  // What a save sends is read when it is sent: the latest text, not the text when it was asked for.
  const latest = useRef({ values, saved });
  useEffect(() => {
    latest.current = { values, saved };
  });

  const dirty = !saved || !same(values, baseline);
  useLeaveGuard(Boolean(saved0 || values.title || values.content) && dirty, LEAVE_UNSAVED);

  const set = useCallback(
    <K extends keyof LetterValues>(name: K, value: LetterValues[K]) => setValues((v) => ({ ...v, [name]: value })),
    [],
  );

  /** Saves the form when it has changes; the saved letter, or null when the save was refused. */
  const saveNow = async (announce: boolean): Promise<SavedLetterState | null> => {
    const { values: sent, saved: base } = latest.current;
    if (base && same(sent, baseline)) return base;
    const result = await call(() => saveLetterAction({ id: base?.id, version: base?.version, fields: sent }));
    if (!result.ok) {
      setFieldErrors(Object.fromEntries(Object.entries(result.fieldErrors ?? {}).map(([k, v]) => [k, v[0] ?? ''])));
      setError(result.error);
      toast.error('Letter not saved', { description: result.error });
      return null;
    }
    const next = {
      id: result.data.id,
      version: result.data.version,
      status: result.data.status,
      sendAt: result.data.sendAt,
    };
    setSaved(next);
    latest.current.saved = next;
    setBaseline(sent);
    setError(null);
    setFieldErrors({});
    if (announce) toast.success(result.data.created ? 'Draft saved.' : 'Changes saved.');
    if (!base) router.replace(`/admin/newsletter/${next.id}`);
    else router.refresh();
    return next;
  };

  /** Runs a step that needs the letter saved: saves first, then the step; true when both were done. */
  const run = async (
    what: Exclude<EditorBusy, null>,
    step: (letter: SavedLetterState) => Promise<boolean>,
  ): Promise<boolean> => {
    if (busy) return false;
    setBusy(what);
    try {
      const letter = await saveNow(what === 'save');
      return letter !== null && (await step(letter));
    } finally {
      setBusy(null);
    }
  };

  /** The letter's new state after a send, schedule or cancel; the page is drawn again to show it. */
  const adopt = (
    letter: SavedLetterState,
    data: { version?: number; status: LetterStatus; sendAt?: string | null },
  ) => {
    const next = { ...letter, ...data, version: data.version ?? letter.version };
    setSaved(next);
    latest.current.saved = next;
    router.refresh();
    return true;
  };

  return {
    values,
    set,
    saved,
    dirty,
    busy,
    error,
    fieldErrors,
    save: () => run('save', async () => true),
    sendTest: () =>
      run('test', async (letter) => {
        const result = await call(() => sendTestLetterAction({ id: letter.id }));
        if (!result.ok) toast.error('Test not sent', { description: result.error });
        else toast.success('Test sent', { description: `To ${result.data.to.join(', ')}.` });
        return result.ok;
      }),
    send: (choice: SendChoice) =>
      run('send', async (letter) => {
        const at = { id: letter.id, version: letter.version };
        if (choice.when === 'now') {
          const result = await call(() => sendLetterNowAction(at));
          if (!result.ok) return refused('Letter not sent', result.error);
          toast.success('Sending', { description: `To ${result.data.recipients} confirmed subscribers.` });
          return adopt(letter, { status: 'sending' });
        }
        const result = await call(() => scheduleLetterAction({ ...at, sendAt: choice.at }));
        if (!result.ok) return refused('Letter not scheduled', result.error);
        toast.success('Letter scheduled', {
          description: `It will go on ${londonDateTime(new Date(result.data.sendAt!))}, London time.`,
        });
        return adopt(letter, result.data);
      }),
    cancelSchedule: () =>
      run('cancel', async (letter) => {
        const result = await call(() => cancelScheduleAction({ id: letter.id, version: letter.version }));
        if (!result.ok) return refused('Schedule not cancelled', result.error);
        toast.success('Schedule cancelled: the letter is a draft again.');
        return adopt(letter, result.data);
      }),
  };
}

function refused(title: string, description: string): false {
  toast.error(title, { description });
  return false;
}

/** A server action's answer, or why it could not be reached. */
async function call<T>(action: () => Promise<ActionResult<T>>): Promise<ActionResult<T>> {
  try {
    return await action();
  } catch (thrown) {
    return { ok: false, error: thrown instanceof Error && thrown.message ? thrown.message : 'Something went wrong' };
  }
}
