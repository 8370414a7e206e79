/** The artist's story on the About page, year by year from 2020. */
export type TimelineEntry = { year: number; title: string; text: string };

export const timeline: TimelineEntry[] = [
  {
    year: 2020,
    title: 'A brush at the kitchen table',
    text: 'During the first lockdown in Brixton, Elena returned to the watercolours she had loved as a child, painting the light on Brockwell Park each morning.',
  },
  {
    year: 2021,
    title: 'First exhibition',
    text: 'Twelve small paintings shown at a community café in Herne Hill; every one found a home within a fortnight.',
  },
  {
    year: 2022,
    title: 'Sanctuaries of the Mind begins',
    text: 'Conversations with a Peckham counsellor led to a series of calm, open paintings made for therapy and consulting rooms.',
  },
  {
    year: 2023,
    title: 'A studio in Camberwell',
    text: 'Elena moved into a shared studio near Camberwell Green and began offering archival giclée prints and greetings cards.',
  },
  {
    year: 2024,
    title: 'Open studios and workshops',
    text: 'Took part in Dulwich Festival Artists’ Open House and started teaching beginners’ watercolour workshops in South London.',
  },
  {
    year: 2025,
    title: 'Commissions and collaborations',
    text: 'Painted commissions for clinics, family homes and a Lewisham wellbeing centre, and added coasters to the gift range.',
  },
  {
    year: 2026,
    title: 'A new online home',
    text: 'Launched this website, with a new store experience on the way, to share the paintings and their stories more widely.',
  },
];
