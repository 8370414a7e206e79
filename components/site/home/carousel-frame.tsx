'use client';

import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';
import useEmblaCarousel from 'embla-carousel-react';
import Autoplay from 'embla-carousel-autoplay';
import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
// clsx, not cn(): tailwind-merge would add ~7 KB to this client island; no classes here conflict.
import { clsx as cn } from 'clsx';

const AUTOPLAY_MS = 5000;
const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
const prefersReducedMotion = () => window.matchMedia(REDUCED_MOTION).matches;

type CarouselFrameProps = {
  slideCount: number;
  heading: string;
  intro: string;
  actions: React.ReactNode;
  /** Server-rendered slides; embla attaches to them once this island hydrates. */
  children: React.ReactNode;
};

/**
 * Looping carousel with 5 s autoplay that carries on after a swipe or a button press
 * (stopOnInteraction: false). The pause control is the visitor's choice and wins over every
 * automatic restart; under prefers-reduced-motion the slideshow starts paused.
 */
export function CarouselFrame({ slideCount, heading, intro, actions, children }: CarouselFrameProps) {
  const [autoplay] = useState(() => Autoplay({ delay: AUTOPLAY_MS, stopOnInteraction: false, playOnInit: false }));
  const [viewportRef, api] = useEmblaCarousel({ loop: true }, [autoplay]);
  const [selected, setSelected] = useState(0);
  // Slides 2 to 6 stay display:none (so their lazy images are not fetched) until the page has
  // loaded: the first painting is the LCP and nothing else competes with it.
  const [allSlides, setAllSlides] = useState(false);
  const [changed, setChanged] = useState(false);
  const reducedMotion = useSyncExternalStore(subscribeReducedMotion, prefersReducedMotion, () => false);
  // The visitor's explicit choice; until they make one, play unless they prefer reduced motion.
  const [choice, setChoice] = useState<'play' | 'pause' | null>(null);
  const playing = choice ? choice === 'play' : !reducedMotion;
  const playingRef = useRef(playing);

  useEffect(() => {
    if (!api) return;
    const onSelect = () => {
      setSelected(api.selectedScrollSnap());
      setChanged(true);
    };
    // The plugin restarts itself after a drag, a focus change or a hidden tab; a paused
    // slideshow must stay paused, so stop it again once the restart has finished.
    const keepPaused = () => queueMicrotask(() => !playingRef.current && autoplay.stop());
    // Embla re-creates its plugins on every reInit (a resize, a rotated phone, the revealed
    // slides) and the plugin does not play on init: resume a playing slideshow each time.
    // (With a single slide showing the plugin stays uninitialised, and play() would throw.)
    const resume = () => playingRef.current && api.scrollSnapList().length > 1 && autoplay.play();
    api.on('select', onSelect).on('autoplay:timerset', keepPaused).on('reInit', resume);
    return () => {
      api.off('select', onSelect).off('autoplay:timerset', keepPaused).off('reInit', resume);
    };
  }, [api, autoplay]);

  useEffect(() => {
    if (allSlides) return;
    const reveal = () => setAllSlides(true);
    if (document.readyState === 'complete') {
      reveal();
      return;
    }
    window.addEventListener('load', reveal, { once: true });
    return () => window.removeEventListener('load', reveal);
  }, [allSlides]);

  useEffect(() => {
    if (api && allSlides) api.reInit();
  }, [api, allSlides]);

  useEffect(() => {
    playingRef.current = playing;
    if (!api || !allSlides) return;
    if (playing) autoplay.play();
    else autoplay.stop();
  }, [api, autoplay, playing, allSlides]);

  const go = useCallback(
    (move: 'prev' | 'next' | number) => {
      if (!api) return;
      // A control used before the page finished loading: show every slide first.
      if (!allSlides) {
        flushSync(() => setAllSlides(true));
        api.reInit();
      }
      if (move === 'prev') api.scrollPrev();
      else if (move === 'next') api.scrollNext();
      else api.scrollTo(move);
      autoplay.reset();
    },
    [api, autoplay, allSlides],
  );

  const togglePlaying = () => setChoice(playing ? 'pause' : 'play');

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Featured paintings"
      className="relative h-[calc(100svh-80px)] min-h-[30rem] overflow-hidden bg-wash-deep text-white"
    >
      <div ref={viewportRef} className="h-full overflow-hidden">
        <div className="flex h-full touch-pan-y" data-slides={allSlides ? 'all' : 'first'}>
          {children}
        </div>
      </div>
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 bg-black/50" />

      <div className="pointer-events-none absolute inset-0 flex items-center">
        <div className="pointer-events-auto mx-auto w-full max-w-6xl px-4 pb-28 sm:px-6 sm:pb-16">
          <h1
            key={selected}
            className={cn(
              'max-w-3xl text-4xl leading-tight text-white sm:text-5xl lg:text-6xl',
              changed && 'animate-in fade-in slide-in-from-bottom-4 duration-700 motion-reduce:animate-none',
            )}
          >
            {heading}
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-white/95 sm:text-xl">{intro}</p>
          <div className="mt-8 flex flex-wrap gap-3">{actions}</div>
        </div>
      </div>

      {/* Every control, each dot too, is a 44 x 44 target (spec: buttons at least 44 px). On a
          phone the row is wider than the screen: play/pause wraps under the others. */}
      <div className="absolute inset-x-0 bottom-2 flex flex-wrap items-center justify-center gap-x-0 gap-y-1 px-4 sm:bottom-4 sm:gap-x-2">
        <button
          type="button"
          aria-label="Previous slide"
          onClick={() => go('prev')}
          className="inline-flex size-11 items-center justify-center rounded-full bg-black/35 text-white hover:bg-black/55"
        >
          <ChevronLeft aria-hidden className="size-6" />
        </button>
        <div className="flex items-center">
          {Array.from({ length: slideCount }, (_, index) => (
            <button
              key={index}
              type="button"
              aria-label={`slide ${index + 1}`}
              aria-current={index === selected ? 'true' : undefined}
              onClick={() => go(index)}
              className="group inline-flex size-11 items-center justify-center"
            >
              <span
                className={cn(
                  'block size-3 rounded-full border border-white transition-colors',
                  index === selected ? 'bg-white' : 'bg-white/20 group-hover:bg-white/60',
                )}
              />
            </button>
          ))}
        </div>
        <button
          type="button"
          aria-label="Next slide"
          onClick={() => go('next')}
          className="inline-flex size-11 items-center justify-center rounded-full bg-black/35 text-white hover:bg-black/55"
        >
          <ChevronRight aria-hidden className="size-6" />
        </button>
        <button
          type="button"
          aria-label={playing ? 'Pause slideshow' : 'Play slideshow'}
          onClick={togglePlaying}
          className="inline-flex size-11 items-center justify-center rounded-full bg-black/35 text-white hover:bg-black/55 sm:ml-2"
        >
          {playing ? <Pause aria-hidden className="size-5" /> : <Play aria-hidden className="size-5" />}
        </button>
      </div>
    </section>
  );
}
