import { IntentLink } from '@/components/site/intent-link';
import { GiftIcon, HeartHandshakeIcon, HouseIcon } from '@/components/site/icons';
import { homeCards, type HomeCardIcon } from '@/lib/content/home';

const icons: Record<HomeCardIcon, (props: { className?: string }) => React.ReactNode> = {
  therapy: HeartHandshakeIcon,
  home: HouseIcon,
  gift: GiftIcon,
};

export function ArtWithIntention() {
  return (
    <section aria-labelledby="intention-heading" className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
      <h2 id="intention-heading" className="text-center text-3xl sm:text-4xl">
        Art with Intention
      </h2>
      <p className="mx-auto mt-4 max-w-2xl text-center text-lg text-ink-soft">
        Every painting begins with a place and a feeling, and is made for the room it will live in.
      </p>
      <ul className="mt-12 grid gap-6 md:grid-cols-3">
        {homeCards.map((card) => {
          const Icon = icons[card.icon];
          return (
            <li key={card.title} className="flex flex-col rounded-card border border-line bg-white p-6 shadow-sm">
              <span className="inline-flex size-12 items-center justify-center rounded-full bg-wash-light text-wash-deep">
                <Icon className="size-6" />
              </span>
              <h3 className="mt-5 text-2xl">{card.title}</h3>
              <p className="mt-3 flex-1 text-ink-soft">{card.description}</p>
              <IntentLink
                href={card.link}
                aria-label={`Explore More: ${card.title}`}
                className="mt-6 inline-flex min-h-11 items-center gap-1 self-start font-medium text-wash-deep underline decoration-wash/40 underline-offset-4 hover:decoration-wash"
              >
                Explore More <span aria-hidden="true">→</span>
              </IntentLink>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
