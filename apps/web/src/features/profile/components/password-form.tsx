import { bannerOf, submitFailure } from '../../../components/form/submit-failure.ts';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { toast } from '../../../lib/toast-store.ts';
import { useChangePassword } from '../api/change-password.ts';
import { CONFIRM_MISMATCH, EMPTY_PASSWORD_FORM, passwordFormSchema } from '../utils/password-form.ts';

/** Change your own password: current, new and its confirmation. A wrong current password comes
 * back from the server under the current-password field; a refused attempt (too many tries)
 * explains itself in the banner with the server's words. */
export function PasswordForm() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const form = useSchemaForm(passwordFormSchema, { defaultValues: EMPTY_PASSWORD_FORM });
  const { errors } = form.formState;
  const confirmError = errors.confirm_password?.message;

  const onSubmit = form.handleSubmit((body) =>
    change.mutate(body, {
      onSuccess: () => {
        form.reset();
        toast.success(t('profile.password.changed'));
      },
      onError: submitFailure(form, t, t('profile.password.failed')),
    }),
  );

  const banner = bannerOf(form);
  return (
    <Card title={t('profile.password.title')} className="profile-card">
      <form
        className="profile-form"
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        data-testid="password-form"
      >
        {banner && <Alert tone="error">{banner}</Alert>}
        <TextField
          label={t('profile.password.current')}
          type="password"
          autoComplete="current-password"
          error={errors.current_password?.message}
          {...form.register('current_password')}
        />
        <TextField
          label={t('profile.password.new')}
          type="password"
          autoComplete="new-password"
          error={errors.new_password?.message}
          {...form.register('new_password')}
        />
        <TextField
          label={t('profile.password.confirm')}
          type="password"
          autoComplete="new-password"
          // The confirmation's own rule says its key from the console's catalogue.
          error={confirmError === CONFIRM_MISMATCH ? t(CONFIRM_MISMATCH) : confirmError}
          {...form.register('confirm_password')}
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
