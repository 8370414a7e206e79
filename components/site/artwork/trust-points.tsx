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
    <ul className="trust-points">
      {points.map(({ icon: Icon, text }, index) => (
        <li key={index}>
          <span>
            <Icon />
          </span>
          {text}
        </li>
      ))}
    </ul>
  );
}
