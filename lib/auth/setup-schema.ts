import { z } from '@/lib/zod';
import { passwordTooLong } from '@/lib/password-rules';

/** The users CLI's minimum (scripts/users.ts); the setup form asks for the same, and checks strength. */
export const SETUP_PASSWORD_MIN = 8;

export const setupMessages = {
  passwordShort: `Use at least ${SETUP_PASSWORD_MIN} characters.`,
  passwordLong: 'That password is too long: use at most 72 characters (fewer if it has accented letters or emoji).',
  passwordWeak: 'That password is too easy to guess. A few unrelated words make a strong one.',
  passwordHasEmail: 'Choose a password that does not contain your email address.',
  mismatch: 'The two passwords do not match.',
  invalidLink: 'This setup link is no longer valid. Restart the server for a new one.',
} as const;

// Passwords every guesser tries first; the strength rule below catches the rest of their kind.
const COMMON = new Set([
  'password',
  'password1',
  'password123',
  '12345678',
  '123456789',
  '1234567890',
  'qwertyuiop',
  'qwerty123',
  'iloveyou',
  'letmein1',
  'admin123',
  'administrator',
  'watercolour',
  'watercolor',
  'elenamarsh',
]);

/** Why this password is too weak, or null. Length first, then the cheap guessability checks. */
export function passwordProblem(password: string, email: string): string | null {
  if (password.length < SETUP_PASSWORD_MIN) return setupMessages.passwordShort;
  if (passwordTooLong(password)) return setupMessages.passwordLong;
  const lower = password.toLowerCase();
  const local = email.trim().toLowerCase().split('@')[0] ?? '';
  if (local.length >= 3 && lower.includes(local)) return setupMessages.passwordHasEmail;
  const plain = lower.replace(/[^a-z0-9]/g, '');
  // Few distinct characters, a common password, or a run such as abcdefgh / 98765432.
  if (new Set(lower).size < 5 || COMMON.has(lower) || COMMON.has(plain) || isSequence(plain))
    return setupMessages.passwordWeak;
  return null;
}

function isSequence(text: string): boolean {
  if (text.length < 4) return false;
  const steps = new Set<number>();
  for (let i = 1; i < text.length; i++) steps.add(text.charCodeAt(i) - text.charCodeAt(i - 1));
  return steps.size === 1 && [...steps].every((step) => Math.abs(step) <= 1);
}

/** The setup form's schema, shared by the client form and the server action. */
export const setupSchema = z
  .object({
    token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, setupMessages.invalidLink),
    email: z.string().trim().min(1, 'Email is required.').max(320).pipe(z.email('Enter a valid email address.')),
    password: z.string().min(1, 'Password is required.'),
    confirm: z.string().min(1, 'Type the password again.'),
  })
  .superRefine((value, ctx) => {
    const problem = passwordProblem(value.password, value.email);
    if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: problem });
    else if (value.password !== value.confirm)
      ctx.addIssue({ code: 'custom', path: ['confirm'], message: setupMessages.mismatch });
  });

export type SetupInput = z.input<typeof setupSchema>;
