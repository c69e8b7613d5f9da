import { describe, expect, it } from 'vitest';
import { checkPasswordForm, CONFIRM_MISMATCH } from './password-form.ts';

describe('password change form', () => {
  it('asks for the current password and a new one of 10 characters', () => {
    const result = checkPasswordForm({
      current_password: '',
      new_password: 'short',
      confirm_password: 'short',
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((e) => [e.field, e.message])).toEqual([
      ['current_password', 'validation.required'],
      ['new_password', 'validation.password_min'],
    ]);
  });

  it('refuses a confirmation that does not match', () => {
    const result = checkPasswordForm({
      current_password: 'old-password',
      new_password: 'a-new-password-1',
      confirm_password: 'a-new-password-2',
    });
    expect(result).toEqual({ ok: false, errors: [{ field: 'confirm_password', message: CONFIRM_MISMATCH }] });
  });

  it('sends only the current and new password', () => {
    const result = checkPasswordForm({
      current_password: 'old-password',
      new_password: 'a-new-password-1',
      confirm_password: 'a-new-password-1',
    });
    expect(result).toEqual({
      ok: true,
      body: { current_password: 'old-password', new_password: 'a-new-password-1' },
    });
  });
});
