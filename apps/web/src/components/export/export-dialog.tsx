import { useReducer, useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { exportConfigReducer } from '../../lib/export/export-config.ts';
import type { ExportConfig, ExportRow, FieldDescriptor } from '../../lib/export/types.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { Button } from '../ui/button.tsx';
import { Modal } from '../ui/modal.tsx';
import { DeliveryStep } from './delivery-step.tsx';
import { DownloadIcon } from './export-icons.tsx';
import { ExportPreview } from './export-preview.tsx';
import { FieldPicker } from './field-picker.tsx';
import { FormatStep } from './format-step.tsx';
import './export.css';

const STEPS = ['fields', 'format', 'delivery'] as const;
type Step = (typeof STEPS)[number];

type Props = {
  fields: readonly FieldDescriptor[];
  rows: readonly ExportRow[];
  initialConfig: ExportConfig;
  onExport: (config: ExportConfig) => void;
  onClose: () => void;
};

/** Spec §2 export settings: three steps (fields, format, delivery). Below 768 px they are tabs
 * with Back, Next and "n / 3"; wider, the three cards stand side by side. */
export function ExportDialog({ fields, rows, initialConfig, onExport, onClose }: Props) {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width: 767.98px)');
  const [config, dispatch] = useReducer(exportConfigReducer(fields), initialConfig);
  const [step, setStep] = useState(0);
  const current: Step = STEPS[step] ?? 'fields';
  const canExport = config.selectedFields.length > 0 && rows.length > 0;

  const panels: Record<Step, ReactNode> = {
    fields: (
      <>
        <FieldPicker fields={fields} selected={config.selectedFields} dispatch={dispatch} />
        <ExportPreview fields={fields} selected={config.selectedFields} rows={rows} />
      </>
    ),
    format: <FormatStep config={config} dispatch={dispatch} />,
    delivery: <DeliveryStep value={config.deliveryMethod} />,
  };

  const exportButton = (
    <Button onClick={() => onExport(config)} disabled={!canExport} data-testid="export-submit">
      <DownloadIcon />
      {t('export.submit')}
    </Button>
  );

  return (
    <Modal title={t('export.title')} closeLabel={t('export.close')} onClose={onClose} size="lg">
      <div className="modal__body export-dialog" data-testid="export-dialog">
        {narrow ? (
          <>
            <div className="export-tabs" role="tablist" aria-label={t('export.steps_label')}>
              {STEPS.map((name, index) => (
                <button
                  key={name}
                  type="button"
                  role="tab"
                  id={`export-tab-${name}`}
                  aria-selected={index === step}
                  aria-controls={`export-panel-${name}`}
                  tabIndex={index === step ? 0 : -1}
                  className="export-tabs__tab"
                  onClick={() => setStep(index)}
                >
                  {t(`export.steps.${name}`)}
                </button>
              ))}
            </div>
            <div
              role="tabpanel"
              id={`export-panel-${current}`}
              aria-labelledby={`export-tab-${current}`}
              className="export-card export-card--single"
            >
              {panels[current]}
            </div>
          </>
        ) : (
          <div className="export-cards">
            {STEPS.map((name) => (
              <section key={name} className="export-card" aria-labelledby={`export-card-${name}`}>
                <h3 id={`export-card-${name}`} className="export-card__title">
                  {t(`export.steps.${name}`)}
                </h3>
                {panels[name]}
              </section>
            ))}
          </div>
        )}
        {config.selectedFields.length === 0 && (
          <p className="export-dialog__warning" role="alert">
            {t('export.no_fields')}
          </p>
        )}
      </div>
      <div className="modal__footer export-dialog__footer">
        {narrow ? (
          <>
            <Button variant="secondary" onClick={() => setStep(step - 1)} disabled={step === 0}>
              {t('export.back')}
            </Button>
            <span className="export-dialog__indicator" data-testid="export-step" aria-live="polite">
              {t('export.step_indicator', { step: step + 1, total: STEPS.length })}
            </span>
            {step < STEPS.length - 1 ? (
              <Button onClick={() => setStep(step + 1)}>{t('export.next')}</Button>
            ) : (
              exportButton
            )}
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose}>
              {t('export.cancel')}
            </Button>
            {exportButton}
          </>
        )}
      </div>
    </Modal>
  );
}
