import { reviewSettingsBody } from '@preciofab/shared/contracts/review';
import { bannerOf, submitFailure } from '../../../components/form/submit-failure.ts';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { toast } from '../../../lib/toast-store.ts';
import { useReviewSettings, type ReviewSettingsAnswer } from '../api/get-review-settings.ts';
import { useUpdateReviewSettings } from '../api/update-review-settings.ts';
import './review-rules-card.css';

const valuesOf = ({
  updated_at: _at,
  updated_by: _by,
  updated_by_name: _name,
  ...values
}: ReviewSettingsAnswer) => values;

function ReviewRulesForm({ settings, canEdit }: { settings: ReviewSettingsAnswer; canEdit: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const update = useUpdateReviewSettings();
  const form = useSchemaForm(reviewSettingsBody, { defaultValues: valuesOf(settings) });
  const { errors } = form.formState;
  const banner = bannerOf(form);
  const number = (name: 'min_confidence' | 'outlier_factor' | 'price_jump_percent') => ({
    ...form.register(name, { valueAsNumber: true }),
    error: errors[name]?.message,
  });
  const onSubmit = form.handleSubmit((body) =>
    update.mutate(body, {
      onSuccess: (answer) => {
        form.reset(valuesOf(answer));
        toast.success(t('review.settings.saved'));
      },
      onError: submitFailure(form, t, t('review.settings.failed')),
    }),
  );
  return (
    <form
      className="settings-form review-rules"
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      data-testid="review-rules-form"
    >
      {banner && <Alert tone="error">{banner}</Alert>}
      <fieldset className="review-rules__fields" disabled={!canEdit}>
        <div className="review-rules__rule">
          <CheckboxField
            label={t('review.settings.min_confidence_enabled')}
            {...form.register('min_confidence_enabled')}
          />
          <TextField
            label={t('review.settings.min_confidence')}
            type="number"
            inputMode="decimal"
            step="0.05"
            min="0"
            max="1"
            {...number('min_confidence')}
          />
        </div>
        <div className="review-rules__rule">
          <CheckboxField label={t('review.settings.outlier_enabled')} {...form.register('outlier_enabled')} />
          <TextField
            label={t('review.settings.outlier_factor')}
            hint={t('review.settings.outlier_hint')}
            type="number"
            inputMode="decimal"
            step="0.1"
            min="1"
            {...number('outlier_factor')}
          />
        </div>
        <div className="review-rules__rule">
          <CheckboxField
            label={t('review.settings.price_jump_enabled')}
            {...form.register('price_jump_enabled')}
          />
          <TextField
            label={t('review.settings.price_jump_percent')}
            type="number"
            inputMode="decimal"
            step="1"
            min="1"
            {...number('price_jump_percent')}
          />
        </div>
        <div className="review-rules__rule">
          <CheckboxField
            label={t('review.settings.hold_uncertain_currency')}
            {...form.register('hold_uncertain_currency')}
          />
        </div>
        <div className="review-rules__rule">
          <CheckboxField label={t('review.settings.hold_new_vendor')} {...form.register('hold_new_vendor')} />
        </div>
      </fieldset>
      <p className="settings-muted" data-testid="review-rules-updated">
        {settings.updated_at
          ? settings.updated_by_name
            ? t('review.settings.updated_by', {
                time: format.relativeTime(settings.updated_at),
                name: settings.updated_by_name,
              })
            : t('review.settings.updated', { time: format.relativeTime(settings.updated_at) })
          : t('review.settings.never_updated')}
      </p>
      {canEdit ? (
        <div>
          <Button type="submit" loading={update.isPending} data-testid="review-rules-save">
            {update.isPending ? t('review.settings.saving') : t('review.settings.save')}
          </Button>
        </div>
      ) : (
        <p className="settings-muted">{t('review.settings.read_only')}</p>
      )}
    </form>
  );
}

/** The review rules (issue 16): which new observations are held for review, with their
 * thresholds. Everyone reads them; administrators change them. */
export function ReviewRulesCard({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const settings = useReviewSettings();
  return (
    <Card title={t('review.settings.title')} className="settings-card" data-testid="review-rules-card">
      <p className="settings-muted">{t('review.settings.text')}</p>
      {settings.data ? (
        <ReviewRulesForm settings={settings.data} canEdit={canEdit} />
      ) : settings.isError ? (
        <p className="settings-muted">{t('review.settings.load_error')}</p>
      ) : (
        <Skeleton height={160} />
      )}
    </Card>
  );
}
