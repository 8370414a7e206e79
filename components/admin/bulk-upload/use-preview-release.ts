import { useEffect, useRef } from 'react';

/**
 * Releases each preview's object URL (URL.revokeObjectURL) as soon as its item leaves the
 * queue, whatever took it out (removed, skipped, uploaded), and every one left when the
 * screen goes away.
 */
export function usePreviewRelease(previews: string[]) {
  const held = useRef(new Set<string>());
  useEffect(() => {
    const current = new Set(previews);
    for (const url of held.current) {
      if (!current.has(url)) {
        URL.revokeObjectURL(url);
        held.current.delete(url);
      }
    }
    for (const url of current) held.current.add(url);
  }, [previews]);
  useEffect(() => {
    const urls = held.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
      urls.clear();
    };
  }, []);
}
