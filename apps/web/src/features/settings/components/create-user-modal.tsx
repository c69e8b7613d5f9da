import { LANGUAGES, ROLES } from '@preciofab/shared/catalogue';
import { userCreateBody } from '@preciofab/shared/contracts/users';
import { bannerOf, submitFailure } from '../../../components/form/submit-failure.ts';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ModalFooter } from '../../../components/ui/modal-footer.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { toast } from '../../../lib/toast-store.ts';
import { useCreateUser } from '../api/create-user.ts';
import { EMPTY_USER_FORM } from '../utils/settings-forms.ts';

/** Admins add an account with its role and an initial password (validated by the shared contract). */
export function CreateUserModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateUser();
  const form = useSchemaForm(userCreateBody, { defaultValues: EMPTY_USER_FORM });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (user) => {
        toast.success(t('settings.users.created', { name: user.name }));
        onClose();
      },
      onError: submitFailure(form, t, t('settings.users.create_failed')),
    }),
  );

  const banner = bannerOf(form);
  return (
    <Modal title={t('settings.users.form_title')} closeLabel={t('settings.users.close')} onClose={onClose}>
      <form
        className="modal__form"
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        data-testid="user-form"
      >
        <div className="modal__body settings-form__grid">
          {banner && (
            <div className="settings-form__wide">
              <Alert tone="error">{banner}</Alert>
            </div>
          )}
          <TextField
            label={t('settings.users.name')}
            autoComplete="off"
            data-autofocus
            error={errors.name?.message}
            {...form.register('name')}
          />
          <TextField
            label={t('settings.users.email')}
            type="email"
            autoComplete="off"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <TextField
            label={t('settings.users.password')}
            type="password"
            autoComplete="new-password"
            error={errors.password?.message}
            {...form.register('password')}
          />
          <SelectField
            label={t('settings.users.role')}
            options={ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
            error={errors.role?.message}
            {...form.register('role')}
          />
          <SelectField
            label={t('settings.users.language')}
            options={LANGUAGES.map((code) => ({ value: code, label: t(`settings.users.languages.${code}`) }))}
            error={errors.language?.message}
            {...form.register('language')}
          />
        </div>
        <ModalFooter
          cancelLabel={t('settings.users.cancel')}
          onCancel={onClose}
          confirmLabel={create.isPending ? t('settings.users.creating') : t('settings.users.create')}
          busy={create.isPending}
          confirmTestId="user-submit"
        />
      </form>
    </Modal>
  );
}
