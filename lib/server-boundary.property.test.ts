import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { anyValue } from '@/tests/support/hostile-values';

// Every zod schema that parses input at the server boundary, fed arbitrary input: it answers a
// parse result, never an exception, and a failure always becomes the typed { ok: false, error }
// the forms show. Covered: the sign-in and second-factor forms (signIn, verifySecondFactor,
// confirmTwoFactor, disableTwoFactor), the artwork actions' envelopes (saveArtwork,
// deleteArtwork, the upload reference), the pending-upload record a save re-reads, and the
// empty input of startTwoFactor. The artwork form itself: lib/artworks/admin/schema.property.test.ts;
// the public reads' arguments: lib/artworks/public.property.test.ts; configuration: lib/env.property.test.ts;
// the admin actions end to end, with their inline schemas (saveArtwork, deleteArtwork and the bulk
// upload's findExistingImages, checkArtworkSlug): lib/actions/admin-actions.property.test.ts.

const untouched = vi.hoisted(() => ({ calls: [] as string[] }));
vi.mock('server-only', () => ({}));
// A request refused by its schema must never reach the request scope or the database.
vi.mock('next/headers', () => ({
  cookies: async () => (untouched.calls.push('cookies'), new Map()),
  headers: async () => (untouched.calls.push('headers'), new Headers()),
}));
vi.mock('@/lib/database', () => ({
  database: async () => (untouched.calls.push('database'), Promise.reject(new Error('no database in this test'))),
}));

const { secondFactorSchema, signInSchema } = await import('@/lib/auth/schemas');
const { deleteArtworkInputSchema, saveArtworkInputSchema, uploadedImageSchema, uploadReferenceSchema } =
  await import('@/lib/artworks/admin/schema');
const { validationFailure } = await import('@/lib/actions/admin-action');
const { signIn, verifySecondFactor } = await import('@/lib/account/sign-in-actions');

const schemas: [string, z.ZodType][] = [
  ['signIn', signInSchema],
  ['secondFactor', secondFactorSchema],
  ['saveArtwork', saveArtworkInputSchema],
  ['deleteArtwork', deleteArtworkInputSchema],
  ['uploadReference', uploadReferenceSchema],
  ['uploadedImage (pending upload row)', uploadedImageSchema],
  ['startTwoFactor', z.object({})],
];

const file = fc.string({ maxLength: 20 }).map((name) => new File([name], name, { type: 'image/jpeg' }));
/** What a form field can carry: text (any Unicode, NUL, very long), a file, nothing, or anything. */
const fieldValue = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ minLength: 1000, maxLength: 1100 }),
  fc.uuid().map(String),
  file,
  fc.constant(null),
  anyValue,
);

/** Objects with the schema's own keys (so parsing gets past the first check), or anything at all. */
function hostileInput(schema: z.ZodType): fc.Arbitrary<unknown> {
  const keys = schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
  const shaped = keys.length
    ? fc.record(Object.fromEntries(keys.map((key) => [key, fieldValue])), { requiredKeys: [] })
    : fc.constant({});
  return fc.oneof(
    anyValue,
    shaped,
    shaped.chain((value) =>
      fc.dictionary(fc.string(), fieldValue).map((extra) => ({ ...extra, ...(value as object) })),
    ),
  );
}

describe('server boundary schemas (properties)', () => {
  for (const [name, schema] of schemas) {
    it(`${name}: any input parses, or fails with a message the form can show`, () => {
      fc.assert(
        fc.property(hostileInput(schema), (input) => {
          const result = schema.safeParse(input);
          if (result.success) return;
          const failure = validationFailure(result.error);
          expect(failure.ok).toBe(false);
          expect(failure.error).toMatch(/\S/);
          for (const messages of Object.values(failure.fieldErrors)) expect(messages.length).toBeGreaterThan(0);
        }),
        { numRuns: 300 },
      );
    });

    it(`${name}: parsing is idempotent (what passed parses again to itself)`, () => {
      fc.assert(
        fc.property(hostileInput(schema), (input) => {
          const result = schema.safeParse(input);
          if (!result.success) return;
          expect(schema.parse(result.data)).toEqual(result.data);
        }),
        { numRuns: 300 },
      );
    });
  }

  it('ids are UUIDs only: delete and upload references refuse anything else', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary' }),
          fc.uuid().map((id) => `${id} `),
          fc.uuid().map((id) => id.toUpperCase()),
          fc.uuid(),
        ),
        (id) => {
          const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
          expect(deleteArtworkInputSchema.safeParse({ id }).success).toBe(uuid.test(id));
          expect(uploadReferenceSchema.safeParse({ uploadId: id }).success).toBe(uuid.test(id));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('a second-factor code is kept without whitespace and never longer than 32', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (code) => {
        const result = secondFactorSchema.safeParse({ code });
        if (!result.success) return;
        expect(result.data.code).not.toMatch(/\s/);
        expect(result.data.code.length).toBeGreaterThan(0);
        expect(result.data.code.length).toBeLessThanOrEqual(32);
      }),
      { numRuns: 500 },
    );
  });
});

describe('public sign-in actions with arbitrary input (properties)', () => {
  const asFormData = (input: Record<string, unknown>) => {
    const data = new FormData();
    for (const [key, value] of Object.entries(input))
      if (typeof value === 'string' || value instanceof File) data.set(key, value);
    return data;
  };

  it('a sign-in refused by its schema answers the form message and touches neither request nor database', async () => {
    const refused = hostileInput(signInSchema).filter(
      (input) => !signInSchema.safeParse(input).success && typeof input === 'object' && input !== null,
    );
    await fc.assert(
      fc.asyncProperty(refused, fc.boolean(), async (input, viaForm) => {
        untouched.calls.length = 0;
        const form = viaForm ? asFormData(input as Record<string, unknown>) : input;
        // The FormData path reads only email and password: it may turn refused input into valid.
        if (
          viaForm &&
          signInSchema.safeParse({
            email: (form as FormData).get('email'),
            password: (form as FormData).get('password'),
          }).success
        )
          return;
        const result = await signIn(form as FormData);
        expect(result.ok).toBe(false);
        expect(result.ok ? '' : result.error).not.toBe('Something went wrong');
        expect(untouched.calls).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('a second-factor code refused by its schema touches neither request nor database', async () => {
    const refused = hostileInput(secondFactorSchema).filter(
      (input) => !secondFactorSchema.safeParse(input).success && typeof input === 'object' && input !== null,
    );
    await fc.assert(
      fc.asyncProperty(refused, async (input) => {
        untouched.calls.length = 0;
        const result = await verifySecondFactor(input as { code: string });
        expect(result.ok).toBe(false);
        expect(untouched.calls).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});
