import { z } from 'zod';
import { passwordChangeBody } from '@preciofab/shared/contracts/users';

export type PasswordFormValues = z.input<typeof passwordFormSchema>;

export const EMPTY_PASSWORD_FORM: PasswordFormValues = {
  current_password: '',
  new_password: '',
  confirm_password: '',
};

/** Key of this screen's own message: the confirmation is a console-only field, so its message lives
 * in the console's catalogue (the others are the shared contract's `validation.*` keys). */
export const CONFIRM_MISMATCH = 'profile.password.mismatch' as const;

/** The shared contract's rules, plus: the confirmation must repeat the new password. Only the
 * current and new password are sent. */
export const passwordFormSchema = passwordChangeBody
  .extend({ confirm_password: z.string() })
  .superRefine((values, ctx) => {
    if (values.confirm_password !== values.new_password) {
      ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: CONFIRM_MISMATCH });
    }
  })
  .transform(({ current_password, new_password }) => ({ current_password, new_password }));
