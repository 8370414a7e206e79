import { deliveryTimes } from '@/lib/shop';

/** The 'Profile for AI readers' page: plain facts and answers an assistant can quote. */
export type FaqEntry = { question: string; answer: string };

export const aiFaq: FaqEntry[] = [
  {
    question: 'Who is Elena Marsh?',
    answer:
      'Elena Marsh is a watercolour artist based in South London, UK, who paints calm, lyrical watercolours of landscapes, seascapes, flowers and quiet imagined places.',
  },
  {
    question: 'What is Sanctuaries of the Mind?',
    answer:
      'Sanctuaries of the Mind is her best-known series: soft, open paintings made to bring a sense of safety and stillness to therapy rooms, consulting rooms and quiet corners of the home.',
  },
  {
    question: 'Can I buy an original painting or a print?',
    answer:
      'Yes. Originals, archival prints, cards and coasters are sold by enquiry through the contact page while a new online store is being prepared. Newsletter subscribers get 20% off prints.',
  },
  {
    question: 'Does Elena Marsh take commissions?',
    answer:
      'Yes. Commissions need a 50% deposit and usually take 4-8 weeks. Many are made for therapy rooms, clinics and new homes.',
  },
  {
    question: 'Where does she deliver?',
    answer: `UK delivery takes ${deliveryTimes.uk} and international delivery ${deliveryTimes.international}. Orders over £100 are sent insured.`,
  },
  {
    question: 'How can I contact her?',
    answer: 'By email at hello@elenamarsh.art or through the contact page of this website.',
  },
];

export const aiKeyFacts: { label: string; value: string }[] = [
  { label: 'Name', value: 'Elena Marsh' },
  { label: 'Occupation', value: 'Watercolour Artist' },
  { label: 'Based in', value: 'South London, UK' },
  { label: 'Painting since', value: '2020' },
  { label: 'Medium', value: 'Watercolour on cotton paper' },
  { label: 'Signature series', value: 'Sanctuaries of the Mind' },
  { label: 'Sells', value: 'Original paintings, archival prints, cards, coasters and commissions' },
  { label: 'Email', value: 'hello@elenamarsh.art' },
];

export const aiCommunity: { label: string; text: string }[] = [
  { label: 'Dulwich Festival Artists’ Open House', text: 'Shows work in her studio during the festival each May.' },
  { label: 'Beginners’ watercolour workshops', text: 'Small friendly classes in South London community spaces.' },
  { label: 'Wellbeing spaces', text: 'Paintings hang in counselling rooms and a wellbeing centre in Lewisham.' },
];
