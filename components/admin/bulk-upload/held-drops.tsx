import { headers } from 'next/headers';
import { nonceOf } from '@/lib/http/csp';
import { RELEASE_HELD_DROPS } from './held-drops-release';

// Until the drop zone hydrates, nothing handles a drop: the browser would open the image in place
// of the page. This holds files dropped on the zone (and refuses those dropped beside it, as the
// zone does later) until DropZone takes them on hydration. Written for the page's own browsers,
// without a build step: plain ES2017.
const script = `(() => {
  let held = [];
  const files = (e) => !!e.dataTransfer && Array.from(e.dataTransfer.types).includes('Files');
  const over = (e) => { if (files(e)) e.preventDefault(); };
  const drop = (e) => {
    if (!files(e)) return;
    e.preventDefault();
    if (e.target instanceof Element && e.target.closest('[data-drop-zone]')) held.push(...e.dataTransfer.files);
  };
  addEventListener('dragover', over);
  addEventListener('drop', drop);
  window.${RELEASE_HELD_DROPS} = () => {
    removeEventListener('dragover', over);
    removeEventListener('drop', drop);
    const out = held;
    held = [];
    return out;
  };
})();`;

/**
 * The inline script that holds files dropped before the bulk upload page hydrates, with the
 * request's CSP nonce (admin pages allow no other inline script). Render it before the DropZone.
 */
export async function HeldDropsScript() {
  const nonce = nonceOf((await headers()).get('content-security-policy'));
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: script }} />;
}
