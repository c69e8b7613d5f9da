import { useState, type FormEvent } from 'react';
import type { FieldError } from '@preciofab/shared/errors';
import { translate } from '@preciofab/shared/i18n/messages';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { toast } from '../../../lib/toast-store.ts';
import { useChangePassword } from '../api/change-password.ts';
import {
  checkPasswordForm,
  CONFIRM_MISMATCH,
  EMPTY_PASSWORD_FORM,
  type PasswordField,
  type PasswordFormValues,
} from '../utils/password-form.ts';

const FIELDS = Object.keys(EMPTY_PASSWORD_FORM) as PasswordField[];

/** Change your own password: current, new and its confirmation. A wrong current password comes
 * back from the server under the current-password field. */
export function PasswordForm() {
  const { t, language } = useTranslation();
  const change = useChangePassword();
  const [values, setValues] = useState<PasswordFormValues>(EMPTY_PASSWORD_FORM);
  const [localErrors, setLocalErrors] = useState<FieldError[]>([]);

  const serverErrors = change.error instanceof ApiError ? change.error.errors : [];
  const fieldError = (field: PasswordField): string | undefined => {
    const local = localErrors.find((error) => error.field === field);
    if (local) {
      return local.message === CONFIRM_MISMATCH
        ? t(CONFIRM_MISMATCH)
        : translate(language, local.message, local.values);
    }
    return serverErrors.find((error) => error.field === field)?.message;
  };
  const placed = serverErrors.some((error) => FIELDS.includes(error.field as PasswordField));
  // A refused attempt (e.g. too many tries) explains itself in the server's detail text.
  const banner =
    !change.error || placed
      ? null
      : change.error instanceof ApiError && change.error.detail && change.error.status === 429
        ? change.error.detail
        : t('profile.password.failed');

  const input = (field: PasswordField) => ({
    name: field,
    type: 'password',
    value: values[field],
    onChange: (event: { target: { value: string } }) =>
      setValues((previous) => ({ ...previous, [field]: event.target.value })),
    error: fieldError(field),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkPasswordForm(values);
    if (!checked.ok) {
      setLocalErrors(checked.errors);
      change.reset();
      return;
    }
    setLocalErrors([]);
    change.mutate(checked.body, {
      onSuccess: () => {
        setValues(EMPTY_PASSWORD_FORM);
        toast.success(t('profile.password.changed'));
      },
    });
  }

  return (
    <Card title={t('profile.password.title')} className="profile-card">
      <form className="profile-form" onSubmit={onSubmit} noValidate data-testid="password-form">
        {banner && <Alert tone="error">{banner}</Alert>}
        <TextField
          label={t('profile.password.current')}
          autoComplete="current-password"
          {...input('current_password')}
        />
        <TextField label={t('profile.password.new')} autoComplete="new-password" {...input('new_password')} />
        <TextField
          label={t('profile.password.confirm')}
          autoComplete="new-password"
          {...input('confirm_password')}
        />
        <p className="profile-muted">{t('profile.password.hint')}</p>
        <div className="profile-form__actions">
          <Button type="submit" loading={change.isPending} data-testid="password-submit">
            {change.isPending ? t('profile.password.saving') : t('profile.password.submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
