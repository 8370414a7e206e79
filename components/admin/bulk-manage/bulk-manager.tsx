'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { bulkDelete, bulkUpdate } from '@/lib/bulk-manage/bulk-actions';
import { bulkMessages, bulkUpdateInputSchema, type BulkChange } from '@/lib/bulk-manage/bulk-schema';
import type { BulkRow } from '@/lib/bulk-manage/queries';
import { toast } from '@/lib/toast';
import { BulkDeleteDialog } from './bulk-delete-dialog';
import { BulkTable } from './bulk-table';
import { BulkToolbar } from './bulk-toolbar';
import { SelectionNotice } from './selection-notice';
import * as sel from './selection';
import { ReadyFieldset } from '@/components/ui/ready-fieldset';

const countFormat = new Intl.NumberFormat('en-GB');
const artworksCount = (n: number) => `${countFormat.format(n)} ${n === 1 ? 'artwork' : 'artworks'}`;

type Props = { rows: BulkRow[]; total: number; q: string };

/**
 * The Bulk Manage screen's interactive part (docs/product.md, Bulk Manage Artworks): the selection,
 * the busy flag, and the list as the admin last saw it. After an update the new values show at once
 * and the selection clears; after a delete the rows leave. Then the page refreshes from the server
 * (a delete leaves room on the page for the next rows).
 */
export function BulkManager(props: Props) {
  const router = useRouter();
  const [rows, setRows] = useState(props.rows);
  const [total, setTotal] = useState(props.total);
  // A refresh brings the server's rows: they replace the local ones.
  const [shown, setShown] = useState(props.rows);
  if (shown !== props.rows) {
    setShown(props.rows);
    setRows(props.rows);
    setTotal(props.total);
  }
  const [selection, setSelection] = useState<sel.Selection>(sel.nothingSelected);
  const [category, setCategory] = useState('');
  const [price, setPrice] = useState('');
  const [busy, setBusy] = useState<'update' | 'delete' | null>(null);
  const [confirming, setConfirming] = useState(false);

  const view: sel.ListView = { pageIds: rows.map((row) => row.id), total, q: props.q };
  const count = sel.selectedCount(selection, view);
  const allOnPage = sel.allOnPageSelected(selection, view);

  const apply = async () => {
    const input = { selection: sel.toInput(selection, view), category, price };
    if (count === 0) return toast.error(bulkMessages.noneSelected);
    const parsed = bulkUpdateInputSchema.safeParse(input);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? bulkMessages.updateFailed;
      return message === bulkMessages.noAction || message === bulkMessages.noneSelected
        ? toast.error(message)
        : toast.error(bulkMessages.updateFailed, { description: message });
    }
    setBusy('update');
    try {
      const result = await bulkUpdate(input);
      if (!result.ok) return toast.error(bulkMessages.updateFailed, { description: result.error });
      const change: BulkChange = result.data.change;
      setRows((current) => current.map((row) => (sel.isSelected(selection, row.id) ? { ...row, ...change } : row)));
      setSelection(sel.nothingSelected);
      setCategory('');
      setPrice('');
      toast.success('Changes Applied', { description: `${artworksCount(result.data.count)} updated.` });
      router.refresh();
    } catch (error) {
      toast.error(bulkMessages.updateFailed, {
        description: error instanceof Error ? error.message : 'Something went wrong',
      });
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    setBusy('delete');
    try {
      const result = await bulkDelete({ selection: sel.toInput(selection, view) });
      // Closed either way: a modal dialog would cover the failure toast. The selection stays.
      setConfirming(false);
      if (!result.ok) return toast.error(bulkMessages.deleteFailed, { description: result.error });
      setRows((current) => current.filter((row) => !sel.isSelected(selection, row.id)));
      setTotal((current) => current - result.data.count);
      setSelection(sel.nothingSelected);
      toast.success('Artworks Deleted', { description: `${artworksCount(result.data.count)} deleted.` });
      router.refresh();
    } catch (error) {
      setConfirming(false);
      toast.error(bulkMessages.deleteFailed, {
        description: error instanceof Error ? error.message : 'Something went wrong',
      });
    } finally {
      setBusy(null);
    }
  };

  return (
    <ReadyFieldset>
      <BulkToolbar
        selectedLabel={`${countFormat.format(count)} selected`}
        category={category}
        price={price}
        onCategory={setCategory}
        onPrice={setPrice}
        actionsDisabled={count === 0 || busy !== null}
        busy={busy}
        onApply={apply}
        onDelete={() => setConfirming(true)}
      />
      <SelectionNotice
        selection={selection}
        view={view}
        disabled={busy !== null}
        onSelectAllMatching={() => setSelection({ mode: 'matching' })}
        onClear={() => setSelection(sel.nothingSelected)}
      />
      <BulkTable
        rows={rows}
        isSelected={(id) => sel.isSelected(selection, id)}
        allSelected={allOnPage}
        someSelected={count > 0}
        disabled={busy !== null}
        onToggleRow={(id) => setSelection((current) => sel.toggleRow(current, view, id))}
        onTogglePage={() => setSelection((current) => sel.togglePage(current, view))}
      />
      <BulkDeleteDialog
        open={confirming}
        count={count}
        busy={busy === 'delete'}
        onCancel={() => setConfirming(false)}
        onConfirm={remove}
      />
    </ReadyFieldset>
  );
}
