import { useState } from 'react';
import { loginBody } from '@preciofab/shared/contracts/auth';
import { bannerOf, submitFailure } from '../../../components/form/submit-failure.ts';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { sessionExpired } from '../../../lib/auth-token.ts';
import { useLogin } from '../api/login.ts';

/** Sign-in, validated with the contract the server uses; a refusal shows the server's words. */
export function LoginForm() {
  const { t } = useTranslation();
  const login = useLogin();
  const form = useSchemaForm(loginBody, { defaultValues: { email: '', password: '' } });
  const { errors } = form.formState;
  // Read once: the notice belongs to the visit that followed the expired session.
  const [expiredNotice] = useState(sessionExpired);
  const failure = bannerOf(form);

  const onSubmit = form.handleSubmit((credentials) =>
    login.mutate(credentials, { onError: submitFailure(form, t, t('errors.request')) }),
  );

  return (
    <form
      className="login-form"
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-describedby="login-status"
    >
      <div id="login-status">
        {failure ? (
          <Alert tone="error">{failure}</Alert>
        ) : (
          expiredNotice && <Alert tone="warning">{t('errors.session_expired')}</Alert>
        )}
      </div>
      <TextField
        label={t('login.email')}
        type="email"
        autoComplete="username"
        inputMode="email"
        {...form.register('email')}
        error={errors.email?.message}
        autoFocus
      />
      <TextField
        label={t('login.password')}
        type="password"
        autoComplete="current-password"
        {...form.register('password')}
        error={errors.password?.message}
      />
      <Button type="submit" loading={login.isPending} className="login-form__submit">
        {login.isPending ? t('login.submitting') : t('login.submit')}
      </Button>
    </form>
  );
}
