import { IntentLink } from '@/components/site/intent-link';

export type Crumb = { name: string; href: string };

/** Where the page sits; the last crumb is the page itself (aria-current, not a link). */
export function Breadcrumb({ trail }: { trail: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumb">
      <ol>
        {trail.map((crumb, index) => {
          const last = index === trail.length - 1;
          return (
            <li key={index}>
              {last ? (
                <span aria-current="page">{crumb.name}</span>
              ) : (
                <>
                  <IntentLink href={crumb.href}>{crumb.name}</IntentLink>
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
