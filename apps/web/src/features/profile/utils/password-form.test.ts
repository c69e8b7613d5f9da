import { describe, expect, it } from 'vitest';
import { CONFIRM_MISMATCH, passwordFormSchema } from './password-form.ts';

const issues = (values: { current_password: string; new_password: string; confirm_password: string }) =>
  passwordFormSchema.safeParse(values).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

describe('password change form', () => {
  it('asks for the current password and a new one of 10 characters', () => {
    expect(issues({ current_password: '', new_password: 'short', confirm_password: 'short' })).toEqual([
      ['current_password', 'validation.required'],
      ['new_password', 'validation.password_min'],
    ]);
  });

  it('refuses a confirmation that does not match, alongside the other messages', () => {
    expect(
      issues({ current_password: 'old-password', new_password: 'a-new-password-1', confirm_password: 'x' }),
    ).toEqual([['confirm_password', CONFIRM_MISMATCH]]);
    expect(issues({ current_password: '', new_password: 'short', confirm_password: 'x' })).toEqual([
      ['current_password', 'validation.required'],
      ['new_password', 'validation.password_min'],
      ['confirm_password', CONFIRM_MISMATCH],
    ]);
  });

  it('sends only the current and new password', () => {
    expect(
      passwordFormSchema.parse({
        current_password: 'old-password',
        new_password: 'a-new-password-1',
        confirm_password: 'a-new-password-1',
      }),
    ).toEqual({ current_password: 'old-password', new_password: 'a-new-password-1' });
  });
});
