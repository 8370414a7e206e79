/**
 * What a visitor is told after sending a message (docs/product.md, Message forms). Shared by the
 * send route and the forms, which show the route's notice as it comes. No zod or server code here:
 * the forms' sending code imports it.
 */
export type Notice = { title: string; description: string };

export const MESSAGE_SENT: Notice = {
  title: 'Message Sent',
  description: 'Thank you for writing. Elena reads every message and replies by email, usually within a few days.',
};

export const TOO_MANY_MESSAGES: Notice = {
  title: 'Too many messages',
  description:
    'Too many messages have come from your connection in the last ten minutes. Your message is still in the form: please try again later.',
};

export const MESSAGE_NOT_SENT: Notice = {
  title: 'Message Not Sent',
  description:
    'Your message could not be sent just now, but nothing is lost: it is still in the form. Please try again in a minute.',
};

/** The display-only notices (docs/product.md, Message forms), while messages are switched off. */
export const CONTACT_FORM_INACTIVE: Notice = {
  title: 'Contact Form Inactive',
  description: 'This contact form is for display purposes only',
};
export const FOOTER_FORM_INACTIVE: Notice = {
  title: '🚧 Feature Inactive',
  description: 'This contact form is currently for display only. Functionality can be added on request!',
};

/** The send route's JSON answer. */
export type SendAnswer = { ok: true; notice: Notice } | { ok: false; notice: Notice; field?: string };
