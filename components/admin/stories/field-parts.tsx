import type { StoryFormValues } from '@/lib/stories/form-values';

/** What each of the editor's fields reads and writes. */
export type StoryFieldsKit = {
  /** The field's id, unique to this form: id('title'). */
  id: (name: string) => string;
  values: StoryFormValues;
  fieldErrors: Record<string, string>;
  set: <K extends keyof StoryFormValues>(name: K, value: StoryFormValues[K]) => void;
};

export const counter = (value: string, max: number) => `${value.length}/${max}`;

/** The red asterisk after a required field's label (its input says aria-required). */
export function RequiredMark() {
  return (
    <span aria-hidden className="text-clay">
      {' '}
      *
    </span>
  );
}

/** The server's message for a field, which the field points at with invalidProps. */
export function FieldError({ kit, name }: { kit: StoryFieldsKit; name: string }) {
  return kit.fieldErrors[name] ? (
    <p id={kit.id(`${name}-error`)} className="text-sm font-medium text-clay">
      {kit.fieldErrors[name]}
    </p>
  ) : null;
}

export const invalidProps = (kit: StoryFieldsKit, name: string) =>
  kit.fieldErrors[name] ? { 'aria-invalid': true as const, 'aria-describedby': kit.id(`${name}-error`) } : {};
