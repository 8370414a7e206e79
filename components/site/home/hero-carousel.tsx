import { IntentLink } from '@/components/site/intent-link';
import { buttonVariants } from '@/components/ui/button';
import { heroCopy } from '@/lib/content/home';
import { carouselSlides, jpgFallback } from '@/lib/seed/carousel';
import { CarouselFrame } from './carousel-frame';

/**
 * The home carousel. Slides and overlay are rendered here on the server, so the first painting
 * is plain HTML that the browser finds at once (the LCP element); the client frame only adds
 * the cross-fade, autoplay, swipe and controls on top of that DOM.
 */
export function HeroCarousel() {
  const first = carouselSlides[0];

  return (
    <>
      {/* React hoists this into <head>; ReactDOM.preload() from a server component arrived in
          the flight data after the static head was written, so it never reached the HTML. */}
      {first && <link rel="preload" as="image" href={first.imgUrl} type="image/webp" fetchPriority="high" />}
      <CarouselFrame
        slideCount={carouselSlides.length}
        heading={heroCopy.heading}
        intro={heroCopy.intro}
        actions={
          <>
            <IntentLink href="/gallery/sanctuaries" className={buttonVariants({ variant: 'light' })}>
              Explore Sanctuaries of the Mind
            </IntentLink>
            <IntentLink href="/blog" className={buttonVariants({ variant: 'outlineLight' })}>
              Read the Stories
            </IntentLink>
          </>
        }
      >
        {carouselSlides.map((slide, index) => (
          <div
            key={slide.id}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${carouselSlides.length}`}
          >
            <picture>
              <source srcSet={slide.imgUrl} type="image/webp" />
              <img
                src={jpgFallback(slide.imgUrl)}
                alt={slide.alt}
                width={1920}
                height={1080}
                loading={index === 0 ? 'eager' : 'lazy'}
                fetchPriority={index === 0 ? 'high' : 'auto'}
                decoding={index === 0 ? 'sync' : 'async'}
              />
            </picture>
          </div>
        ))}
      </CarouselFrame>
    </>
  );
}
