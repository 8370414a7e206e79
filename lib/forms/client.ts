/** What other features use of forms, safe in the browser (no server-only module behind it). */
export { SUBJECT_MAX_LENGTH } from './contact-link';
export { subjectFromQuery } from './visitor-message';
