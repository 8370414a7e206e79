import { z } from 'zod';

/** The login form's schema, shared by the client form and the signIn action. */
export const signInSchema = z.object({
  email: z.string().trim().min(1, 'Email is required.').max(320).pipe(z.email('Enter a valid email address.')),
  password: z.string().min(1, 'Password is required.').max(1024),
});

export type SignInInput = z.infer<typeof signInSchema>;
