import { useState, type FormEvent } from 'react';
import { loginBody } from '@preciofab/shared/contracts/auth';
import type { FieldError } from '@preciofab/shared/errors';
import { translate } from '@preciofab/shared/i18n/messages';
import { toFieldErrors } from '@preciofab/shared/validation';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { sessionExpired } from '../../../lib/auth-token.ts';
import { describeApiError } from '../../../lib/describe-api-error.ts';
import { useLogin } from '../api/login.ts';

type Fields = { email: string; password: string };

export function LoginForm() {
  const { t, language } = useTranslation();
  const login = useLogin();
  const [values, setValues] = useState<Fields>({ email: '', password: '' });
  // Kept as catalogue keys, so the messages follow a language switch.
  const [localErrors, setLocalErrors] = useState<FieldError[]>([]);
  const [expiredNotice] = useState(sessionExpired);

  const serverErrors = login.error instanceof ApiError ? login.error.errors : [];
  const fieldError = (field: keyof Fields): string | undefined => {
    const local = localErrors.find((error) => error.field === field);
    if (local) return translate(language, local.message, local.values);
    return serverErrors.find((error) => error.field === field)?.message;
  };

  const failure = login.error
    ? login.error instanceof ApiError && login.error.detail
      ? login.error.detail
      : describeApiError(login.error, t)
    : null;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The same schema the server validates with (shared contract).
    const parsed = loginBody.safeParse(values);
    if (!parsed.success) {
      setLocalErrors(toFieldErrors(parsed.error.issues));
      return;
    }
    setLocalErrors([]);
    login.mutate(parsed.data);
  }

  const update = (field: keyof Fields) => (event: { target: { value: string } }) =>
    setValues((previous) => ({ ...previous, [field]: event.target.value }));

  return (
    <form className="login-form" onSubmit={onSubmit} noValidate aria-describedby="login-status">
      <div id="login-status">
        {failure ? (
          <Alert tone="error">{failure}</Alert>
        ) : (
          expiredNotice && <Alert tone="warning">{t('errors.session_expired')}</Alert>
        )}
      </div>
      <TextField
        label={t('login.email')}
        name="email"
        type="email"
        autoComplete="username"
        inputMode="email"
        value={values.email}
        onChange={update('email')}
        error={fieldError('email')}
        autoFocus
      />
      <TextField
        label={t('login.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        value={values.password}
        onChange={update('password')}
        error={fieldError('password')}
      />
      <Button type="submit" loading={login.isPending} className="login-form__submit">
        {login.isPending ? t('login.submitting') : t('login.submit')}
      </Button>
    </form>
  );
}
