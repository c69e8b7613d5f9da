import type { ReactNode } from 'react';
import { CAPABILITIES, VENDOR_TYPES } from '@preciofab/shared/catalogue';
import { bannerOf, submitFailure } from '../../../components/form/submit-failure.ts';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ModalFooter } from '../../../components/ui/modal-footer.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextAreaField } from '../../../components/ui/text-area-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { LOCALES } from '../../../i18n/language-store.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { toast } from '../../../lib/toast-store.ts';
import { useCreateVendor } from '../api/create-vendor.ts';
import type { Vendor } from '../api/get-vendors.ts';
import { useUpdateVendor } from '../api/update-vendor.ts';
import {
  defaultCountry,
  VENDOR_FORM_DEFAULTS,
  vendorFormSchema,
  vendorToFormValues,
  type VendorFormValues,
} from '../utils/vendor-form.ts';
import { CapabilityField } from './form-fields.tsx';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="vendor-form__section">
      <legend className="vendor-form__legend">{title}</legend>
      <div className="vendor-form__grid">{children}</div>
    </fieldset>
  );
}

/** Spec §2/§5: the add-vendor form, validated with the shared schema before it is sent. Given a
 * vendor, the same form edits it (PATCH) with the same rules. */
export function AddVendorModal({ onClose, vendor }: { onClose: () => void; vendor?: Vendor }) {
  const { t, language } = useTranslation();
  const created = useCreateVendor();
  const updated = useUpdateVendor();
  const pending = vendor ? updated.isPending : created.isPending;
  const form = useSchemaForm(vendorFormSchema, {
    // A new vendor is in Mexico unless told; countries are named in the reader's language ("México").
    defaultValues: vendor
      ? vendorToFormValues(vendor, LOCALES[language])
      : { ...VENDOR_FORM_DEFAULTS, country: defaultCountry(LOCALES[language]) },
  });
  const { errors } = form.formState;
  const banner = bannerOf(form);
  const onError = submitFailure(form, t, vendor ? t('vendor_tools.edit.failed') : t('vendors.form.failed'));

  const text = (field: Exclude<keyof VendorFormValues, 'type' | 'capabilities'>) => ({
    ...form.register(field),
    error: errors[field]?.message,
  });

  const onSubmit = form.handleSubmit((values) => {
    if (vendor) {
      updated.mutate(
        { id: vendor.id, patch: values },
        {
          onSuccess: (saved) => {
            toast.success(t('vendor_tools.edit.success', { name: saved.name }));
            onClose();
          },
          onError,
        },
      );
      return;
    }
    created.mutate(values, {
      onSuccess: (saved) => {
        toast.success(t('vendors.form.created', { name: saved.name }));
        onClose();
      },
      onError,
    });
  });

  return (
    <Modal
      title={vendor ? t('vendor_tools.edit.title') : t('vendors.form.title')}
      closeLabel={t('vendors.form.close')}
      onClose={onClose}
      size="lg"
    >
      <form
        className="modal__form vendor-form"
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        data-testid="vendor-form"
      >
        <div className="modal__body">
          {banner && (
            <div className="vendor-form__banner">
              <Alert tone="error">{banner}</Alert>
            </div>
          )}
          <Section title={t('vendors.form.sections.basic')}>
            <TextField
              label={t('vendors.form.name')}
              placeholder={t('vendors.form.name_placeholder')}
              autoComplete="organization"
              data-autofocus
              className="vendor-form__wide"
              {...text('name')}
            />
            <SelectField
              label={t('vendors.form.type')}
              {...form.register('type')}
              options={VENDOR_TYPES.map((type) => ({ value: type, label: t(`vendors.types.${type}`) }))}
            />
            <TextField
              label={t('vendors.form.website')}
              type="url"
              inputMode="url"
              placeholder={t('vendors.form.website_placeholder')}
              {...text('website')}
            />
          </Section>
          <Section title={t('vendors.form.sections.location')}>
            <TextField
              label={t('vendors.form.location')}
              placeholder={t('vendors.form.location_placeholder')}
              className="vendor-form__wide"
              {...text('location')}
            />
            <TextField label={t('vendors.form.city')} {...text('city')} />
            <TextField label={t('vendors.form.state')} {...text('state')} />
            <TextField label={t('vendors.form.country')} {...text('country')} />
          </Section>
          <CapabilityField
            legend={t('vendors.form.sections.capabilities')}
            hint={t('vendors.form.capabilities_hint')}
            options={CAPABILITIES.map((capability) => ({
              value: capability,
              label: t(`vendors.capabilities.${capability}`),
            }))}
            register={form.register('capabilities')}
            error={errors.capabilities?.message}
          />
          <Section title={t('vendors.form.sections.contact')}>
            <TextField
              label={t('vendors.form.email')}
              type="email"
              inputMode="email"
              autoComplete="email"
              {...text('contact_email')}
            />
            <TextField
              label={t('vendors.form.phone')}
              type="tel"
              autoComplete="tel"
              {...text('contact_phone')}
            />
          </Section>
          <Section title={t('vendors.form.sections.description')}>
            <TextAreaField
              label={t('vendors.form.description')}
              placeholder={t('vendors.form.description_placeholder')}
              className="vendor-form__wide"
              {...text('description')}
            />
          </Section>
        </div>
        <ModalFooter
          cancelLabel={t('vendors.form.cancel')}
          onCancel={onClose}
          confirmLabel={
            vendor
              ? pending
                ? t('vendor_tools.edit.submitting')
                : t('vendor_tools.edit.submit')
              : pending
                ? t('vendors.form.submitting')
                : t('vendors.form.submit')
          }
          busy={pending}
          confirmTestId="vendor-submit"
        />
      </form>
    </Modal>
  );
}
