import { homeTagline } from '@/lib/content/home';

export function TaglineStrip() {
  return (
    <div className="bg-wash-light">
      <p className="mx-auto max-w-4xl px-4 py-8 text-center font-serif text-xl text-wash-deep sm:text-2xl">
        {homeTagline}
      </p>
    </div>
  );
}
