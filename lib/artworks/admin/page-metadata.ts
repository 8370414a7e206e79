import type { Metadata } from 'next';

/** Admin pages are never indexed, followed or cached by search engines. */
export const noindex: Metadata['robots'] = {
  index: false,
  follow: false,
  nocache: true,
  googleBot: { index: false, follow: false },
};
