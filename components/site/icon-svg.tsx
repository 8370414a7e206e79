/**
 * The frame of every public line icon (Lucide's 24 px grid, 2 px round strokes), decorative:
 * the control around it carries the name. components/site/icons.tsx draws the server
 * components' icons in it; client islands put their few paths in it directly (see there why).
 * The strokes are the .line-icon rule's (app/globals.css), not five attributes on each icon: a
 * page writes every icon twice, into its markup and its payload, and they were about 200 bytes
 * an icon. `className` sizes the icon; without it, its component's stylesheet rule does.
 */
export function IconSvg({ className, children }: { className?: string; children: React.ReactNode }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className ? `line-icon ${className}` : 'line-icon'}>
      {children}
    </svg>
  );
}
