import { BadgeCheckIcon, PackageCheckIcon, RotateCcwIcon, TruckIcon } from '@/components/site/icons';
import { deliveryTimes } from '@/lib/shop/delivery';

/** Buying reassurances; the terms page holds the details (delivery times, 14-day returns on originals). */
const points = [
  { icon: BadgeCheckIcon, text: 'Original, signed by the artist' },
  { icon: PackageCheckIcon, text: 'Packed with care and insured' },
  { icon: TruckIcon, text: `UK delivery in ${deliveryTimes.uk}` },
  { icon: RotateCcwIcon, text: '14-day returns on originals' },
] as const;

export function TrustPoints() {
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {points.map(({ icon: Icon, text }) => (
        <li key={text} className="flex items-center gap-3 text-sm text-ink-soft">
          <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-wash-light/70 text-wash-deep">
            <Icon className="size-4" />
          </span>
          {text}
        </li>
      ))}
    </ul>
  );
}
