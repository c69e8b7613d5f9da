import { useState, type FormEvent } from 'react';
import { LANGUAGES, ROLES } from '@preciofab/shared/catalogue';
import { userCreateBody } from '@preciofab/shared/contracts/users';
import type { FieldError } from '@preciofab/shared/errors';
import { translate } from '@preciofab/shared/i18n/messages';
import { toFieldErrors } from '@preciofab/shared/validation';
import { Alert } from '../../../components/ui/alert.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ModalFooter } from '../../../components/ui/modal-footer.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { toast } from '../../../lib/toast-store.ts';
import { useCreateUser } from '../api/create-user.ts';
import { EMPTY_USER_FORM, type UserFormValues } from '../utils/settings-forms.ts';
import { SelectField } from '../../../components/ui/select-field.tsx';

type Field = keyof UserFormValues;
const FIELDS = Object.keys(EMPTY_USER_FORM) as Field[];

/** Admins add an account with its role and an initial password (validated by the shared contract). */
export function CreateUserModal({ onClose }: { onClose: () => void }) {
  const { t, language } = useTranslation();
  const create = useCreateUser();
  const [values, setValues] = useState<UserFormValues>(EMPTY_USER_FORM);
  const [localErrors, setLocalErrors] = useState<FieldError[]>([]);

  const serverErrors = create.error instanceof ApiError ? create.error.errors : [];
  const fieldError = (field: Field): string | undefined => {
    const local = localErrors.find((error) => error.field === field);
    if (local) return translate(language, local.message, local.values);
    return serverErrors.find((error) => error.field === field)?.message;
  };
  const placed = serverErrors.some((error) => FIELDS.includes(error.field as Field));
  const banner = create.error && !placed ? t('settings.users.create_failed') : null;

  const input = (field: Field) => ({
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) =>
      setValues((previous) => ({ ...previous, [field]: event.target.value })),
    error: fieldError(field),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = userCreateBody.safeParse(values);
    if (!parsed.success) {
      setLocalErrors(toFieldErrors(parsed.error.issues));
      create.reset();
      return;
    }
    setLocalErrors([]);
    create.mutate(parsed.data, {
      onSuccess: (user) => {
        setValues(EMPTY_USER_FORM);
        toast.success(t('settings.users.created', { name: user.name }));
        onClose();
      },
      onError: (error) => {
        if (!(error instanceof ApiError) || ![401, 403].includes(error.status)) {
          toast.error(t('settings.users.create_failed'));
        }
      },
    });
  }

  return (
    <Modal title={t('settings.users.form_title')} closeLabel={t('settings.users.close')} onClose={onClose}>
      <form className="modal__form" onSubmit={onSubmit} noValidate data-testid="user-form">
        <div className="modal__body settings-form__grid">
          {banner && (
            <div className="settings-form__wide">
              <Alert tone="error">{banner}</Alert>
            </div>
          )}
          <TextField label={t('settings.users.name')} autoComplete="off" data-autofocus {...input('name')} />
          <TextField label={t('settings.users.email')} type="email" autoComplete="off" {...input('email')} />
          <TextField
            label={t('settings.users.password')}
            type="password"
            autoComplete="new-password"
            {...input('password')}
          />
          <SelectField
            label={t('settings.users.role')}
            options={ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
            {...input('role')}
          />
          <SelectField
            label={t('settings.users.language')}
            options={LANGUAGES.map((code) => ({ value: code, label: t(`settings.users.languages.${code}`) }))}
            {...input('language')}
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
