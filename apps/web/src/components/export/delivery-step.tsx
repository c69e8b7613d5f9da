import { useTranslation } from '../../i18n/use-translation.ts';
import type { DeliveryMethod } from '../../lib/export/types.ts';

const METHODS: ReadonlyArray<{ method: DeliveryMethod; enabled: boolean }> = [
  { method: 'download', enabled: true },
  // Spec §2 and DECISIONS: email (24 h link) and cloud stay disabled, marked coming soon.
  { method: 'email', enabled: false },
  { method: 'cloud', enabled: false },
];

/** Step 3: how the file arrives. Only direct download works. */
export function DeliveryStep({ value }: { value: DeliveryMethod }) {
  const { t } = useTranslation();
  return (
    <fieldset className="export-choice">
      <legend className="export-choice__legend">{t('export.delivery_label')}</legend>
      {METHODS.map(({ method, enabled }) => (
        <label
          key={method}
          className={
            enabled ? 'export-choice__option' : 'export-choice__option export-choice__option--disabled'
          }
        >
          <input
            type="radio"
            name="export-delivery"
            value={method}
            checked={value === method}
            disabled={!enabled}
            readOnly
          />
          <span>
            <span className="export-choice__name">
              {t(`export.delivery.${method}`)}
              {!enabled && <span className="export-choice__soon">{t('export.coming_soon')}</span>}
            </span>
            <span className="export-choice__hint">{t(`export.delivery.${method}_hint`)}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
