/**
 * The frame of every public line icon (Lucide's 24 px grid, 2 px round strokes), decorative:
 * the control around it carries the name. components/site/icons.tsx draws the server
 * components' icons in it; client islands put their few paths in it directly (see there why).
 * Without `className` the icon is sized by its component's stylesheet rule, and no empty
 * className reaches the page's payload.
 */
export function IconSvg({ className, children }: { className?: string; children: React.ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      {...(className ? { className } : {})}
    >
      {children}
    </svg>
  );
}
