import { useEffect } from 'react';
import { ALERT_KIND_FIELDS, ALERT_KINDS } from '@preciofab/shared/contracts/alerts';
import { bannerOf, submitFailure } from '../../../components/form/submit-failure.ts';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ModalFooter } from '../../../components/ui/modal-footer.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { toast } from '../../../lib/toast-store.ts';
import { useCreateAlertRule } from '../api/create-alert-rule.ts';
import type { AlertRule } from '../api/get-alert-rules.ts';
import { useUpdateAlertRule } from '../api/update-alert-rule.ts';
import {
  DEFAULT_REQUIRED_CONFIDENCE,
  RULE_FORM_DEFAULTS,
  fieldsOf,
  ruleCreateForm,
  ruleToFormValues,
  ruleUpdateForm,
} from '../utils/rule-form.ts';
import { RuleScopeFields } from './rule-scope-fields.tsx';
import { RuleThresholdFields } from './rule-threshold-fields.tsx';

/** A new alert rule, or an edit of `rule`: the fields its kind reads (the contract's table), the
 * contract's own checks, and the server's field errors on their fields. */
export function RuleFormModal({ rule, onClose }: { rule: AlertRule | null; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateAlertRule();
  const update = useUpdateAlertRule({ silent: true });
  const form = useSchemaForm(rule ? ruleUpdateForm : ruleCreateForm, {
    defaultValues: rule ? ruleToFormValues(rule) : RULE_FORM_DEFAULTS,
  });
  const { errors } = form.formState;
  const banner = bannerOf(form);
  const kind = form.watch('kind');
  const fields = fieldsOf(kind);
  const confidenceRequired = ALERT_KIND_FIELDS[kind].required.includes('min_confidence');

  useEffect(() => {
    // A kind that needs a confidence starts from the usual one rather than from "any".
    if (confidenceRequired && form.getValues('min_confidence') === '')
      form.setValue('min_confidence', DEFAULT_REQUIRED_CONFIDENCE);
  }, [confidenceRequired, form]);

  const onSubmit = form.handleSubmit((body) => {
    const done = (message: string) => () => {
      toast.success(message);
      onClose();
    };
    if (rule) {
      update.mutate(
        { id: rule.id, changes: body },
        {
          onSuccess: done(t('alerts.form.updated')),
          onError: submitFailure(form, t, t('alerts.form.update_failed')),
        },
      );
    } else if ('kind' in body) {
      create.mutate(body, {
        onSuccess: done(t('alerts.form.created')),
        onError: submitFailure(form, t, t('alerts.form.failed')),
      });
    }
  });

  return (
    <Modal
      title={rule ? t('alerts.form.edit_title') : t('alerts.form.title')}
      closeLabel={t('alerts.form.close')}
      onClose={onClose}
    >
      <form
        className="modal__form rule-form"
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        data-testid="rule-form"
      >
        <div className="modal__body rule-form__body">
          {banner && <Alert tone="error">{banner}</Alert>}
          <TextField
            label={t('alerts.form.name')}
            placeholder={t('alerts.form.name_placeholder')}
            maxLength={120}
            {...form.register('name')}
            error={errors.name?.message}
            data-autofocus
          />
          <SelectField
            label={t('alerts.form.kind')}
            {...form.register('kind')}
            disabled={rule !== null}
            options={ALERT_KINDS.map((value) => ({ value, label: t(`alerts.kinds.${value}`) }))}
            hint={rule ? t('alerts.form.kind_fixed') : t(`alerts.kind_hints.${kind}`)}
            error={errors.kind?.message}
          />
          <fieldset className="rule-form__group">
            <legend>{t('alerts.form.thresholds')}</legend>
            <RuleThresholdFields
              form={form}
              fields={fields.thresholds}
              confidenceRequired={confidenceRequired}
            />
          </fieldset>
          <fieldset className="rule-form__group">
            <legend>{t('alerts.form.scope')}</legend>
            {fields.scope.length === 0 ? (
              <p className="rule-form__note">{t('alerts.form.no_scope')}</p>
            ) : (
              <RuleScopeFields form={form} fields={fields.scope} rule={rule} />
            )}
          </fieldset>
          <CheckboxField
            label={t('alerts.form.active')}
            hint={t('alerts.form.active_hint')}
            {...form.register('active')}
          />
        </div>
        <ModalFooter
          cancelLabel={t('alerts.form.cancel')}
          onCancel={onClose}
          confirmLabel={rule ? t('alerts.form.save') : t('alerts.form.submit')}
          busy={rule ? update.isPending : create.isPending}
          confirmTestId="rule-submit"
        />
      </form>
    </Modal>
  );
}
