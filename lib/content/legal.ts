import { deliveryTimes } from '@/lib/shop';

/**
 * Terms and privacy content. The numbers are the business constants
 * (docs/product.md, Limits and constants); the pages and their tests read them from here, so a
 * change is made once. Delivery times come from the shop's (lib/shop/delivery.ts), which
 * Stripe's page shows too.
 */
export const legalLastUpdated = 'January 2024';

export const termsConstants = {
  paymentPlansOver: '£500',
  insuranceOver: '£100',
  ukDelivery: deliveryTimes.uk,
  internationalDelivery: deliveryTimes.international,
  originalReturns: '14 days',
  printReturns: '30 days',
  refunds: '5-10 business days',
  commissionDeposit: '50%',
  commissionTime: '4-8 weeks',
} as const;

export type LegalSection = { heading: string; paragraphs: string[] };

const t = termsConstants;

export const termsSections: LegalSection[] = [
  {
    heading: 'About these terms',
    paragraphs: [
      'These terms apply to every purchase of an original painting, print, card, coaster or commission from Elena Marsh ("I", "me"), a watercolour artist based in South London, UK. By placing an order or enquiry you agree to them.',
    ],
  },
  {
    heading: 'Orders and payment',
    paragraphs: [
      'Purchases are currently arranged by enquiry: once we agree the details I send an invoice, and your order is confirmed when payment is received. Prices are in pounds sterling (GBP).',
      `Payment plans are available for original paintings over ${t.paymentPlansOver}: the painting is reserved for you and sent once the final instalment is paid.`,
    ],
  },
  {
    heading: 'Delivery',
    paragraphs: [
      `UK delivery takes ${t.ukDelivery} from dispatch. International delivery takes ${t.internationalDelivery}, depending on the destination and customs; any import duties or taxes are the buyer's responsibility.`,
      `Every order over ${t.insuranceOver} is sent fully insured and tracked. Originals are wrapped in acid-free tissue and shipped in rigid packaging.`,
    ],
  },
  {
    heading: 'Returns',
    paragraphs: [
      `Original paintings may be returned within ${t.originalReturns} of delivery, in the condition they arrived. Prints, cards and coasters may be returned within ${t.printReturns} of delivery.`,
      'Please contact me before sending anything back. Return postage is paid by the buyer unless the item arrived damaged or was not as described. Commissions are made to order and cannot be returned unless faulty.',
    ],
  },
  {
    heading: 'Refunds',
    paragraphs: [
      `Once a return arrives and has been checked, your refund is made to the original payment method within ${t.refunds}.`,
    ],
  },
  {
    heading: 'Commissions',
    paragraphs: [
      `A commission starts with a conversation about the room, the size and the mood you would like. A ${t.commissionDeposit} deposit secures your place; the balance is due when the painting is finished and you have approved a photograph of it.`,
      `Commissions usually take ${t.commissionTime} from the deposit, depending on size and season. I will keep you updated along the way.`,
    ],
  },
  {
    heading: 'Copyright and use of images',
    paragraphs: [
      'Buying a painting or print gives you the artwork itself, not its copyright. All images and paintings remain the copyright of Elena Marsh and may not be reproduced without written permission.',
    ],
  },
  {
    heading: 'Colour and care',
    paragraphs: [
      'Screens show colours differently, so a painting may look slightly different in person. Watercolours are best kept out of direct sunlight and away from damp.',
    ],
  },
  {
    heading: 'Contact',
    paragraphs: ['Questions about these terms are welcome: write to hello@elenamarsh.art or use the contact page.'],
  },
];

export const privacySections: LegalSection[] = [
  {
    heading: 'Who I am',
    paragraphs: [
      'This website belongs to Elena Marsh, a watercolour artist in South London, UK. I am responsible for any personal information you share with me. You can reach me at hello@elenamarsh.art.',
    ],
  },
  {
    heading: 'What the contact forms do',
    paragraphs: [
      'The contact form and the footer form on this site are for display only at the moment: when you press send, nothing is sent, stored or shared. The form simply shows a notice and clears itself. If you would like to get in touch, please email me directly.',
      'When you email me, I use your name, email address and message only to reply to you and, if you buy something, to arrange the sale and delivery. I keep order records for as long as UK tax law requires.',
    ],
  },
  {
    heading: 'Newsletter',
    paragraphs: [
      'While the forms are for display only, you cannot sign up for the newsletter. When you can, you will be subscribed only once you confirm your address with a link emailed to you, and every letter will include a link that unsubscribes you at once.',
    ],
  },
  {
    heading: 'Cookies and analytics',
    paragraphs: [
      'This site uses no tracking or advertising cookies and no third-party analytics. The only cookie it can set is a strictly necessary session cookie for the artist when she signs in to manage the site.',
      'The server keeps short technical logs (such as the page requested and any errors) to keep the site working and secure. They are not used to identify visitors.',
      'To see which paintings people enjoy, the site counts page views, clicks on “Enquire to Purchase” and share links, the website you came from, whether you use a phone, tablet or computer, and how quickly pages load. Only daily totals are kept: no cookie, no IP address and nothing else that could identify you. Browsers that send a “do not track” or Global Privacy Control signal are not counted.',
    ],
  },
  {
    heading: 'Children',
    paragraphs: ['This site is not aimed at children under 13, and I do not knowingly collect information from them.'],
  },
  {
    heading: 'Your rights',
    paragraphs: [
      'Under UK data protection law (UK GDPR) you can ask to see, correct or delete any personal information I hold about you, and you can complain to the Information Commissioner’s Office (ico.org.uk). Email me and I will answer within one month.',
    ],
  },
];

/**
 * While the owner receives messages (docs/product.md, Messages), the forms do send: what is kept,
 * and for how long, replaces the display-only wording.
 */
const receivingSections: Record<string, LegalSection> = {
  'What the contact forms do': {
    heading: 'What the contact forms do',
    paragraphs: [
      'When you send a message through the contact form or the footer form, your name, email address, subject and message are stored on this site for me to read and answer, together with the painting you asked about, if any. I use them only to reply to you and, if you buy something, to arrange the sale and delivery.',
      'Messages are kept until I delete them. Messages the site judges to be spam are deleted automatically after 30 days. To limit abuse, the site keeps a one-way scrambled form of your network address next to each message, never the address itself. I keep order records for as long as UK tax law requires.',
    ],
  },
  Newsletter: {
    heading: 'Newsletter',
    paragraphs: [
      'If you tick “Subscribe to my newsletter” when you send a message, your name and email address are kept with the time you agreed and the words you agreed to. You are subscribed only once you confirm your address with the link emailed to you; if you don’t, you receive nothing more.',
      'Every letter includes a link that unsubscribes you at once, and any discount code you were given stops working then. I keep the record of when you subscribed and unsubscribed, so I can show you are sent no more letters.',
      'You can ask me at any time to delete everything you have sent from your email address, messages and subscription alike.',
    ],
  },
};

/** The privacy policy as it stands: the display-only wording, or what is kept while messages are received. */
export function privacySectionsFor(receivingMessages: boolean): LegalSection[] {
  return receivingMessages
    ? privacySections.map((section) => receivingSections[section.heading] ?? section)
    : privacySections;
}
