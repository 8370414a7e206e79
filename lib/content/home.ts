/** Home page copy: the 'Art with Intention' cards and the tagline strip. */
export type HomeCardIcon = 'therapy' | 'home' | 'gift';

export type HomeCard = { icon: HomeCardIcon; title: string; description: string; link: string };

export const homeTagline =
  'Original watercolours, archival prints and gifts, painted slowly in South London to bring calm to the rooms you live and work in.';

export const homeCards: HomeCard[] = [
  {
    icon: 'therapy',
    title: 'For Therapy Rooms',
    description: 'Soft, quiet paintings from Sanctuaries of the Mind that help a room feel safe, still and unhurried.',
    link: '/gallery/sanctuaries',
  },
  {
    icon: 'home',
    title: 'For New Homes',
    description: 'Landscapes of open skies and gentle hills that make a new house feel like home from the first day.',
    link: '/gallery/landscapes',
  },
  {
    icon: 'gift',
    title: 'For Gifts',
    description: 'Archival prints, cards and coasters: small, lasting pieces of calm to give to the people you love.',
    link: '/shop',
  },
];

export const heroCopy = {
  heading: 'Elena Marsh, South London watercolour artist',
  intro:
    'Lyrical watercolours of quiet places: soft washes of light, water and sky, painted to bring a moment of calm to therapy rooms, new homes and the people you love.',
};
