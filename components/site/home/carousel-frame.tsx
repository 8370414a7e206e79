'use client';

import { Children, useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
// clsx, not cn(): tailwind-merge would add ~7 KB to this client island; no classes here conflict.
import { clsx as cn } from 'clsx';
import { IconSvg } from '@/components/site/icon-svg';

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
  /** Server-rendered slides, one element each; the frame stacks them and cross-fades. */
  children: React.ReactNode;
};

/** A horizontal swipe this long (px) moves one slide; shorter ones, or mostly vertical, do not. */
const SWIPE_PX = 40;

type Point = { x: number; y: number };
type Move = 'prev' | 'next' | number;

/** The slide a swipe from `start` to `end` moves to, if any: right to left is the next one. */
export function swipeMove(start: Point, end: Point): 'prev' | 'next' | null {
  const dx = end.x - start.x;
  if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(end.y - start.y)) return dx < 0 ? 'next' : 'prev';
  return null;
}

/**
 * Whether slides 2 to 6 show. They stay display:none (so their lazy images are not fetched) until
 * the page has loaded: the first painting is the LCP and nothing else competes with it.
 */
function useAllSlides() {
  const [allSlides, setAllSlides] = useState(false);
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
  return [allSlides, setAllSlides] as const;
}

/**
 * Looping carousel with 5 s autoplay that carries on after a swipe or a button press (each
 * restarts the 5 s). The pause control is the visitor's choice and wins over every automatic
 * restart; under prefers-reduced-motion the slideshow starts paused. The slides are stacked
 * and cross-fade (so the loop from the last to the first is as calm as any other step): a few
 * lines of React instead of a carousel library in the home page's first JavaScript.
 */
// Its icons are Lucide's paths drawn inline (see components/site/icons.tsx for why not lucide-react;
// a shared icon module would be split into every island's chunk).
export function CarouselFrame({ slideCount, heading, intro, actions, children }: CarouselFrameProps) {
  const [selected, setSelected] = useState(0);
  // Bumped by every move the visitor makes, so the autoplay timer starts its 5 s again.
  const [moves, setMoves] = useState(0);
  const [allSlides, setAllSlides] = useAllSlides();
  const [changed, setChanged] = useState(false);
  const reducedMotion = useSyncExternalStore(subscribeReducedMotion, prefersReducedMotion, () => false);
  // The visitor's explicit choice; until they make one, play unless they prefer reduced motion.
  const [choice, setChoice] = useState<'play' | 'pause' | null>(null);
  const playing = choice ? choice === 'play' : !reducedMotion;
  const swipeStart = useRef<Point | null>(null);

  const show = useCallback(
    (index: number) => {
      setSelected(((index % slideCount) + slideCount) % slideCount);
      setChanged(true);
    },
    [slideCount],
  );

  // Autoplay: the next slide 5 s after the last change of slide (or the visitor's last move).
  useEffect(() => {
    if (!playing || !allSlides || slideCount < 2) return;
    const timer = setTimeout(() => show(selected + 1), AUTOPLAY_MS);
    return () => clearTimeout(timer);
  }, [playing, allSlides, slideCount, selected, moves, show]);

  const go = (move: Move) => {
    // A control used before the page finished loading: show every slide first.
    setAllSlides(true);
    show(move === 'prev' ? selected - 1 : move === 'next' ? selected + 1 : move);
    setMoves((count) => count + 1);
  };

  const onPointerDown = (event: React.PointerEvent) => {
    if (event.pointerType === 'mouse' || (event.target as Element).closest('a, button')) return;
    swipeStart.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: React.PointerEvent) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start) return;
    const move = swipeMove(start, { x: event.clientX, y: event.clientY });
    if (move) go(move);
  };

  const togglePlaying = () => setChoice(playing ? 'pause' : 'play');

  return (
    <section
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
      onPointerCancel={() => (swipeStart.current = null)}
      aria-roledescription="carousel"
      aria-label="Featured paintings"
      className="relative h-[calc(100svh-80px)] min-h-[30rem] touch-pan-y touch-pinch-zoom overflow-hidden bg-wash-deep text-white"
    >
      <div className="carousel-track" data-slides={allSlides ? 'all' : 'first'}>
        {Children.map(children, (slide, index) => (
          <div className="carousel-slide" data-current={index === selected ? '' : undefined}>
            {slide}
          </div>
        ))}
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

      <CarouselControls
        slideCount={slideCount}
        selected={selected}
        playing={playing}
        go={go}
        togglePlaying={togglePlaying}
      />
    </section>
  );
}

type ControlsProps = {
  slideCount: number;
  selected: number;
  playing: boolean;
  go: (move: Move) => void;
  togglePlaying: () => void;
};

/**
 * Previous, a dot per slide, next, and play/pause. Every control, each dot too, is a 44 x 44
 * target (buttons at least 44 px: docs/product.md, Home). On a phone the row is wider than the screen:
 * play/pause wraps under the others.
 */
function CarouselControls({ slideCount, selected, playing, go, togglePlaying }: ControlsProps) {
  return (
    <div className="absolute inset-x-0 bottom-2 flex flex-wrap items-center justify-center gap-x-0 gap-y-1 px-4 sm:bottom-4 sm:gap-x-2">
      <button
        type="button"
        aria-label="Previous slide"
        onClick={() => go('prev')}
        className="inline-flex size-11 items-center justify-center rounded-full bg-black/35 text-white hover:bg-black/55"
      >
        <IconSvg className="size-6">
          <path d="m15 18-6-6 6-6" />
        </IconSvg>
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
        <IconSvg className="size-6">
          <path d="m9 18 6-6-6-6" />
        </IconSvg>
      </button>
      <button
        type="button"
        aria-label={playing ? 'Pause slideshow' : 'Play slideshow'}
        onClick={togglePlaying}
        className="inline-flex size-11 items-center justify-center rounded-full bg-black/35 text-white hover:bg-black/55 sm:ml-2"
      >
        <IconSvg className="size-5">
          {playing ? (
            <path d="M6 3h3a1 1 0 0 1 1 1v16a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1zm9 0h3a1 1 0 0 1 1 1v16a1 1 0 0 1-1 1h-3a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1z" />
          ) : (
            <path d="M5 5a2 2 0 0 1 3.008-1.728l11.997 6.998a2 2 0 0 1 .003 3.458l-12 7A2 2 0 0 1 5 19z" />
          )}
        </IconSvg>
      </button>
    </div>
  );
}
