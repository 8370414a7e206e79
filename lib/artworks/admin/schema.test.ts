import { describe, expect, it } from 'vitest';
import {
  artworkFormSchema,
  emptyArtworkForm,
  messages,
  metaDescriptionWarning,
  splitList,
  type ArtworkFormValues,
} from './schema';

const valid: ArtworkFormValues = {
  ...emptyArtworkForm,
  title: 'Morning Mist',
  slug: 'morning-mist',
  imageAlt: 'Watercolour of mist over a river at dawn',
};

function errorsOf(values: Partial<ArtworkFormValues>) {
  const result = artworkFormSchema.safeParse({ ...valid, ...values });
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('artwork form schema', () => {
  it('accepts the defaults of a new artwork plus title, slug and alt text', () => {
    const parsed = artworkFormSchema.parse(valid);
    expect(parsed.category).toBe('Landscapes');
    expect(parsed.description).toBeNull();
    expect(parsed.keywords).toEqual([]);
  });

  it("says 'Title is required.' for an empty or blank title", () => {
    expect(errorsOf({ title: '' }).title).toBe('Title is required.');
    expect(errorsOf({ title: '   ' }).title).toBe('Title is required.');
  });

  it("says 'Slug is required and cannot be empty.' for an empty slug", () => {
    expect(errorsOf({ slug: '' }).slug).toBe('Slug is required and cannot be empty.');
  });

  it('requires alt text with the accessibility message', () => {
    expect(errorsOf({ imageAlt: '' }).imageAlt).toBe('Please provide descriptive alt text for accessibility.');
    expect(messages.altRequiredTitle).toBe('Alt Text Required');
  });

  it('limits alt text to 125 characters and says how long it is', () => {
    expect(errorsOf({ imageAlt: 'a'.repeat(125) }).imageAlt).toBeUndefined();
    expect(errorsOf({ imageAlt: 'a'.repeat(126) }).imageAlt).toBe('Alt text is too long (126/125 chars).');
  });

  it('only accepts the six categories', () => {
    expect(errorsOf({ category: 'Portraits' as never }).category).toBeDefined();
    expect(errorsOf({ category: 'Sanctuaries of the Mind' }).category).toBeUndefined();
  });

  it('splits keywords on commas, trims them and drops empty entries', () => {
    const parsed = artworkFormSchema.parse({
      ...valid,
      keywords: ' watercolour, , south london ,mist,, ',
      tags: 'a,b',
      formatsAvailable: 'Original, Print',
    });
    expect(parsed.keywords).toEqual(['watercolour', 'south london', 'mist']);
    expect(parsed.tags).toEqual(['a', 'b']);
    expect(parsed.formatsAvailable).toEqual(['Original', 'Print']);
    expect(splitList('')).toEqual([]);
  });

  it('keeps price as free text and turns numbers typed as text into numbers', () => {
    const parsed = artworkFormSchema.parse({
      ...valid,
      price: 'On Request',
      year: '2024',
      widthMm: '297.5',
      editionSize: '50',
    });
    expect(parsed).toMatchObject({ price: 'On Request', year: 2024, widthMm: 297.5, editionSize: 50 });
    expect(errorsOf({ year: 'last year' }).year).toBe('Year must be a whole number from 1900 to 2100.');
  });

  it('checks the store address is a web address', () => {
    expect(errorsOf({ storeUrl: 'not a url' }).storeUrl).toBe('Enter a full web address starting with https://.');
    expect(artworkFormSchema.parse({ ...valid, storeUrl: 'https://shop.example.com/p/1' }).storeUrl).toBe(
      'https://shop.example.com/p/1',
    );
  });

  it('never fails on meta description length: it is only a warning', () => {
    expect(errorsOf({ metaDescription: 'short' }).metaDescription).toBeUndefined();
    expect(metaDescriptionWarning('short')).toBe('Meta description length is 5. Recommended: 150-160 chars.');
    expect(metaDescriptionWarning('x'.repeat(161))).toBe('Meta description length is 161. Recommended: 150-160 chars.');
    expect(metaDescriptionWarning('x'.repeat(150))).toBeNull();
    expect(metaDescriptionWarning('x'.repeat(160))).toBeNull();
    expect(metaDescriptionWarning('')).toBeNull();
  });

  it('keeps the other documented messages word for word', () => {
    expect(messages.imageTooLargeTitle).toBe('Image too large');
    expect(messages.imageTooLarge).toBe('Please upload an image smaller than 10MB.');
    expect(messages.validationError).toBe('Validation Error');
  });
});
