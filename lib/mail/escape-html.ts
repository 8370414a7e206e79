/** Text for HTML built as a string (the no-script "not sent" page, the owner's email): the five characters that could start markup or end an attribute. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
