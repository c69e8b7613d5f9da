import { useState, type FormEvent, type ReactNode } from 'react';
import { CAPABILITIES, VENDOR_TYPES, type VendorType } from '@preciofab/shared/catalogue';
import { vendorCreateBody } from '@preciofab/shared/contracts/vendors';
import type { FieldError } from '@preciofab/shared/errors';
import { translate } from '@preciofab/shared/i18n/messages';
import { toFieldErrors } from '@preciofab/shared/validation';
import { Alert } from '../../../components/ui/alert.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ModalFooter } from '../../../components/ui/modal-footer.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useCreateVendor } from '../api/create-vendor.ts';
import type { Vendor } from '../api/get-vendors.ts';
import { useUpdateVendor } from '../api/update-vendor.ts';
import { toast } from '../../../lib/toast-store.ts';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextAreaField } from '../../../components/ui/text-area-field.tsx';
import { CapabilityField } from './form-fields.tsx';

type Capability = (typeof CAPABILITIES)[number];

type Values = {
  name: string;
  type: VendorType;
  website: string;
  location: string;
  city: string;
  state: string;
  country: string;
  capabilities: Capability[];
  contact_email: string;
  contact_phone: string;
  description: string;
};
type Field = keyof Values;

const EMPTY: Values = {
  name: '',
  type: 'bureau',
  website: '',
  location: '',
  city: '',
  state: '',
  country: 'Mexico',
  capabilities: [],
  contact_email: '',
  contact_phone: '',
  description: '',
};
const FIELDS = Object.keys(EMPTY) as Field[];

/** The form filled with a vendor, for editing. */
function valuesOf(vendor: Vendor): Values {
  return {
    name: vendor.name,
    type: vendor.type,
    website: vendor.website ?? '',
    location: vendor.location ?? '',
    city: vendor.city ?? '',
    state: vendor.state ?? '',
    country: vendor.country,
    capabilities: CAPABILITIES.filter((c) => vendor.capabilities.includes(c)),
    contact_email: vendor.contact_email ?? '',
    contact_phone: vendor.contact_phone ?? '',
    description: vendor.description ?? '',
  };
}

/** "capabilities.0" belongs to the capabilities field. */
const fieldOf = (path: string): string => path.split('.')[0] ?? path;

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
  const create = vendor ? updated : created;
  const [values, setValues] = useState<Values>(() => (vendor ? valuesOf(vendor) : EMPTY));
  // Catalogue keys, so the messages follow a language switch.
  const [localErrors, setLocalErrors] = useState<FieldError[]>([]);

  const serverErrors = create.error instanceof ApiError ? create.error.errors : [];
  const fieldError = (field: Field): string | undefined => {
    const local = localErrors.find((error) => fieldOf(error.field) === field);
    if (local) return translate(language, local.message, local.values);
    return serverErrors.find((error) => fieldOf(error.field) === field)?.message;
  };
  const placedOnField = serverErrors.some((error) => FIELDS.includes(fieldOf(error.field) as Field));
  const banner = !create.error
    ? null
    : create.error instanceof ApiError && create.error.status === 403
      ? t('errors.forbidden')
      : placedOnField
        ? null
        : vendor
          ? t('vendor_tools.edit.failed')
          : t('vendors.form.failed');

  const set = <K extends Field>(field: K, value: Values[K]) =>
    setValues((previous) => ({ ...previous, [field]: value }));
  const text = (field: Exclude<Field, 'type' | 'capabilities'>) => ({
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) => set(field, event.target.value),
    error: fieldError(field),
  });

  function toggleCapability(capability: Capability, checked: boolean) {
    set(
      'capabilities',
      checked
        ? CAPABILITIES.filter((c) => c === capability || values.capabilities.includes(c))
        : values.capabilities.filter((c) => c !== capability),
    );
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The same schema the server validates with (shared contract).
    const parsed = vendorCreateBody.safeParse(values);
    if (!parsed.success) {
      setLocalErrors(toFieldErrors(parsed.error.issues));
      create.reset();
      return;
    }
    setLocalErrors([]);
    if (vendor) {
      // Only the form's fields: the trust score, country code and region stay as they are.
      const { trust_score: _trust, country_code: _code, region: _region, ...patch } = parsed.data;
      updated.mutate(
        { id: vendor.id, patch },
        {
          onSuccess: (saved) => {
            toast.success(t('vendor_tools.edit.success', { name: saved.name }));
            onClose();
          },
        },
      );
      return;
    }
    created.mutate(parsed.data, {
      onSuccess: () => {
        setValues(EMPTY);
        onClose();
      },
    });
  }

  return (
    <Modal
      title={vendor ? t('vendor_tools.edit.title') : t('vendors.form.title')}
      closeLabel={t('vendors.form.close')}
      onClose={onClose}
      size="lg"
    >
      <form className="modal__form vendor-form" onSubmit={onSubmit} noValidate data-testid="vendor-form">
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
              name="type"
              value={values.type}
              onChange={(event) => {
                const type = VENDOR_TYPES.find((v) => v === event.target.value);
                if (type) set('type', type);
              }}
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
            selected={values.capabilities}
            onToggle={toggleCapability}
            error={fieldError('capabilities')}
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
              ? create.isPending
                ? t('vendor_tools.edit.submitting')
                : t('vendor_tools.edit.submit')
              : create.isPending
                ? t('vendors.form.submitting')
                : t('vendors.form.submit')
          }
          busy={create.isPending}
          confirmTestId="vendor-submit"
        />
      </form>
    </Modal>
  );
}
