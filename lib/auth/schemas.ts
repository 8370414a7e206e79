import { z } from '@/lib/zod';

/** The login form's schema, shared by the client form and the signIn action. */
export const signInSchema = z.object({
  email: z.string().trim().min(1, 'Email is required.').max(320).pipe(z.email('Enter a valid email address.')),
  password: z.string().min(1, 'Password is required.').max(1024),
});

export type SignInInput = z.infer<typeof signInSchema>;

/** The second sign-in step: a 6-digit code from the authenticator app, or a recovery code. */
export const secondFactorSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, 'Enter the code.')
    .max(32, 'That is longer than any code.')
    .transform((code) => code.replace(/\s+/g, '')),
});

export type SecondFactorInput = z.input<typeof secondFactorSchema>;

/** Turning two-factor sign-in off: the account's password again, and a current code. */
export const disableTwoFactorSchema = secondFactorSchema.extend({
  password: signInSchema.shape.password,
});

export type DisableTwoFactorInput = z.input<typeof disableTwoFactorSchema>;
