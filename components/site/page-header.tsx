/** The heading band that opens each content page. */
export function PageHeader({
  eyebrow,
  title,
  children,
}: {
  eyebrow?: string;
  title: string;
  children?: React.ReactNode;
}) {
  return (
    <div className="border-b border-line bg-paper-deep">
      <div className="mx-auto max-w-4xl px-4 py-14 text-center sm:px-6 sm:py-20">
        {eyebrow && <p className="mb-3 text-sm font-semibold uppercase tracking-wider text-wash-deep">{eyebrow}</p>}
        <h1 className="text-4xl sm:text-5xl">{title}</h1>
        {children && <div className="mx-auto mt-5 max-w-2xl text-lg text-ink-soft">{children}</div>}
      </div>
    </div>
  );
}
