import { IntentLink } from '@/components/site/intent-link';

export type Crumb = { name: string; href: string };

/** Where the page sits; the last crumb is the page itself (aria-current, not a link). */
export function Breadcrumb({ trail }: { trail: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-ink-soft">
        {trail.map((crumb, index) => {
          const last = index === trail.length - 1;
          return (
            <li key={crumb.href} className="flex items-center gap-2">
              {last ? (
                <span aria-current="page" className="text-ink">
                  {crumb.name}
                </span>
              ) : (
                <>
                  <IntentLink
                    href={crumb.href}
                    className="inline-flex min-h-6 items-center underline-offset-4 hover:text-ink hover:underline"
                  >
                    {crumb.name}
                  </IntentLink>
                  <span aria-hidden>/</span>
                </>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
