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
      <ul className="intention">
        {homeCards.map((card, index) => {
          const Icon = icons[card.icon];
          return (
            <li key={index}>
              <span>
                <Icon />
              </span>
              <h3>{card.title}</h3>
              <p>{card.description}</p>
              <IntentLink href={card.link} aria-label={`Explore More: ${card.title}`}>
                Explore More <span aria-hidden="true">→</span>
              </IntentLink>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
