import { describe, expect, it } from 'vitest';
import { passwordProblem, setupMessages, setupSchema } from './setup-schema';

const token = 'a'.repeat(43);

describe('first-run setup form rules', () => {
  it('checks length and strength as the form and the action both show them', () => {
    expect(passwordProblem('short1', 'owner@example.com')).toBe(setupMessages.passwordShort);
    expect(passwordProblem('password', 'owner@example.com')).toBe(setupMessages.passwordWeak);
    expect(passwordProblem('Password123', 'owner@example.com')).toBe(setupMessages.passwordWeak);
    expect(passwordProblem('aaaaaaaaaaaa', 'owner@example.com')).toBe(setupMessages.passwordWeak);
    expect(passwordProblem('abcdefghij', 'owner@example.com')).toBe(setupMessages.passwordWeak);
    expect(passwordProblem('87654321', 'owner@example.com')).toBe(setupMessages.passwordWeak);
    expect(passwordProblem('elena-rocks-2026', 'elena@example.com')).toBe(setupMessages.passwordHasEmail);
    // bcrypt reads only the first 72 bytes: longer is refused, counted in bytes, not letters.
    const longest = 'pale blue heron at dusk over the marsh, '.repeat(2).slice(0, 72);
    expect(passwordProblem(longest, 'owner@example.com')).toBeNull();
    expect(passwordProblem(`${longest}x`, 'owner@example.com')).toBe(setupMessages.passwordLong);
    // 72 characters, 81 bytes.
    expect(passwordProblem('heron é '.repeat(9), 'owner@example.com')).toBe(setupMessages.passwordLong);
    expect(passwordProblem('🎨🖌️🌊🦢'.repeat(5), 'owner@example.com')).toBe(setupMessages.passwordLong);
    expect(passwordProblem('pale blue heron at dusk', 'owner@example.com')).toBeNull();
  });

  it('asks for the password twice and a well-formed token', () => {
    const ok = { token, email: ' Owner@Example.com ', password: 'pale blue heron', confirm: 'pale blue heron' };
    expect(setupSchema.safeParse(ok).success).toBe(true);
    const mismatch = setupSchema.safeParse({ ...ok, confirm: 'pale blue herons' });
    expect(mismatch.error?.issues.map((i) => i.message)).toEqual([setupMessages.mismatch]);
    expect(setupSchema.safeParse({ ...ok, token: 'short' }).success).toBe(false);
    expect(setupSchema.safeParse({ ...ok, email: 'not an email' }).success).toBe(false);
  });
});
