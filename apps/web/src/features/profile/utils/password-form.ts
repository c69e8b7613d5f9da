import { passwordChangeBody } from '@preciofab/shared/contracts/users';
import type { FieldError } from '@preciofab/shared/errors';
import { toFieldErrors } from '@preciofab/shared/validation';

export type PasswordFormValues = { current_password: string; new_password: string; confirm_password: string };
export type PasswordField = keyof PasswordFormValues;

export const EMPTY_PASSWORD_FORM: PasswordFormValues = {
  current_password: '',
  new_password: '',
  confirm_password: '',
};

/** Key of this screen's own message: the confirmation is a console-only field. */
export const CONFIRM_MISMATCH = 'profile.password.mismatch' as const;

export type PasswordCheck =
  | { ok: true; body: { current_password: string; new_password: string } }
  | { ok: false; errors: FieldError[] };

/** The shared contract's rules, plus: the confirmation must repeat the new password. Errors whose
 * message starts with 'validation.' are shared-catalogue keys; CONFIRM_MISMATCH is ours. */
export function checkPasswordForm(values: PasswordFormValues): PasswordCheck {
  const parsed = passwordChangeBody.safeParse({
    current_password: values.current_password,
    new_password: values.new_password,
  });
  const errors = parsed.success ? [] : toFieldErrors(parsed.error.issues);
  if (values.confirm_password !== values.new_password) {
    errors.push({ field: 'confirm_password', message: CONFIRM_MISMATCH });
  }
  if (parsed.success && errors.length === 0) return { ok: true, body: parsed.data };
  return { ok: false, errors };
}
