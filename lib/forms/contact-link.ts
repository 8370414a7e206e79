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

/** `/contact?subject=…`, the contact form with that subject already in place. */
export function contactHref(subject: string): string {
  return `/contact?subject=${encodeURIComponent(subject.slice(0, SUBJECT_MAX_LENGTH))}`;
}
