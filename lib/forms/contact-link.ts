/**
 * Links to the contact page with a subject filled in. No zod here: the artwork page renders this
 * on the server and its enquire button is a client island that must stay small.
 */

/** The longest subject the contact form takes, from a link or typed (the input's maxLength). */
export const SUBJECT_MAX_LENGTH = 150;

/** The subject of an enquiry about one artwork. */
export function enquirySubject(title: string): string {
  return `Enquiry: ${title}`.slice(0, SUBJECT_MAX_LENGTH);
}

/**
 * `/contact?subject=…`, the contact form with that subject already in place; with `artwork` (an
 * artwork's id, while the owner receives messages) the message sent records that painting.
 */
export function contactHref(subject: string, artwork?: string | null): string {
  const href = `/contact?subject=${encodeURIComponent(subject.slice(0, SUBJECT_MAX_LENGTH))}`;
  return artwork ? `${href}&artwork=${encodeURIComponent(artwork)}` : href;
}
