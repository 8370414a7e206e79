import { headers } from 'next/headers';
import { nonceOf } from '@/lib/http/csp';
import { RELEASE_HELD_DROPS } from './held-drops-release';

// Until the drop zone hydrates, nothing handles a drop: the browser would open the image in place
// of the page. This holds files dropped on the zone (and refuses those dropped beside it, as the
// zone does later) until DropZone takes them on hydration. It listens first (window, capture)
// and stops the drop there: React, whose listeners are attached before the zone's effect runs,
// may otherwise see (or replay) the same drop and queue its files twice. Plain ES2017, no build.
const script = `(() => {
  let held = [];
  const files = (e) => !!e.dataTransfer && Array.from(e.dataTransfer.types).includes('Files');
  const over = (e) => { if (files(e)) e.preventDefault(); };
  const drop = (e) => {
    if (!files(e)) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    if (e.target instanceof Element && e.target.closest('[data-drop-zone]')) held.push(...e.dataTransfer.files);
  };
  addEventListener('dragover', over, true);
  addEventListener('drop', drop, true);
  window.${RELEASE_HELD_DROPS} = () => {
    removeEventListener('dragover', over, true);
    removeEventListener('drop', drop, true);
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
