import { Eye, Send, Trash2 } from 'lucide-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { ConfirmButton } from '@/components/admin/confirm-button';
import { runAction } from '@/components/admin/run-action';
import { Button, buttonVariants } from '@/components/ui/button';
import { deleteStory } from '@/lib/stories/actions';
import type { StoryIntent } from '@/lib/stories/fields';
import type { SavedStory, StoryFormBusy } from '@/lib/stories/form-state';
import { toast } from '@/lib/toast';
import { writeLocal } from './local-copy';

type Props = {
  /** Published or scheduled: Save Changes and Unpublish; otherwise Save Draft and Publish. */
  published: boolean;
  busy: StoryFormBusy;
  /** The buttons wait for the page's scripts and for a save or upload the owner asked for. */
  disabled: boolean;
  saved: SavedStory | null;
  title: string;
  onSave: (intent: StoryIntent) => void;
};

/** The bar under the form: the saves the story's state calls for, Preview and Delete once it is saved. */
export function StorySaveBar({ published, busy, disabled, saved, title, onSave }: Props) {
  return (
    <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center gap-2 border-t border-line bg-paper/95 px-4 py-3 backdrop-blur">
      {published ? (
        <>
          <Button type="submit" disabled={disabled}>
            <Send aria-hidden className="size-4" /> {busy === 'save' ? 'Saving…' : 'Save Changes'}
          </Button>
          <Button type="button" variant="secondary" disabled={disabled} onClick={() => onSave('unpublish')}>
            {busy === 'unpublish' ? 'Unpublishing…' : 'Unpublish'}
          </Button>
        </>
      ) : (
        <>
          <Button type="submit" variant="secondary" disabled={disabled}>
            {busy === 'draft' ? 'Saving…' : 'Save Draft'}
          </Button>
          <Button type="button" disabled={disabled} onClick={() => onSave('publish')}>
            <Send aria-hidden className="size-4" /> {busy === 'publish' ? 'Publishing…' : 'Publish'}
          </Button>
        </>
      )}
      {saved ? (
        <Link href={`/admin/blog/preview/${saved.id}`} target="_blank" className={buttonVariants({ variant: 'ghost' })}>
          <Eye aria-hidden className="size-4" /> Preview
        </Link>
      ) : null}
      {saved ? <DeleteStoryButton id={saved.id} title={title} disabled={disabled} /> : null}
    </div>
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
