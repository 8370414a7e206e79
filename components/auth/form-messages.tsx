/** A field's validation message, tied to its input by id (the input's aria-describedby). */
export function FieldMessage({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm text-clay">
      {message}
    </p>
  );
}

/** The form's own failure (a refused sign-in, a wrong code), announced as it appears. */
export function FormAlert({ id, message }: { id: string; message: string | null }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="rounded-lg border border-clay/40 bg-clay/5 px-3 py-2 text-sm text-clay">
      {message}
    </p>
  );
}
