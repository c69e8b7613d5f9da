import { useState } from 'react';
import { useFormat } from '../../i18n/use-format.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Button } from '../ui/button.tsx';
import { Spinner } from '../ui/spinner.tsx';
import type { ObservationDetail } from './api/get-observation.ts';
import { useEvidenceFile, useObjectUrl } from './api/get-evidence-file.ts';
import { NotAvailable } from './not-available.tsx';
import { useFieldText } from './use-field-text.ts';
import { nextZoom, ZOOM } from './evidence-fields.ts';

function Screenshot({ path }: { path: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const file = useEvidenceFile(path);
  const url = useObjectUrl(file.data);
  const [zoom, setZoom] = useState<number>(ZOOM.initial);
  if (file.isError) return <NotAvailable title={t('evidence.screenshot.file_error')} />;
  return (
    <div className="evidence-shot">
      <div className="evidence-shot__zoom" role="group" aria-label={t('evidence.screenshot.zoom_group')}>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setZoom((z) => nextZoom(z, -1))}
          disabled={zoom <= ZOOM.min}
          aria-label={t('evidence.screenshot.zoom_out')}
          data-testid="zoom-out"
        >
          −
        </Button>
        <output className="evidence-shot__level" data-testid="zoom-level" aria-live="polite">
          {format.percent(zoom)}
        </output>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setZoom((z) => nextZoom(z, 1))}
          disabled={zoom >= ZOOM.max}
          aria-label={t('evidence.screenshot.zoom_in')}
          data-testid="zoom-in"
        >
          +
        </Button>
      </div>
      <div className="evidence-shot__frame">
        {url ? (
          <img src={url} alt={t('evidence.screenshot.alt')} style={{ width: `${zoom}%` }} />
        ) : (
          <Spinner />
        )}
      </div>
    </div>
  );
}

/** Spec §2: the screenshot with zoom (or why there is none), and the extracted elements (selector →
 * field). */
export function ScreenshotTab({ observation }: { observation: ObservationDetail }) {
  const { t } = useTranslation();
  const fieldText = useFieldText();
  const { screenshot_url: screenshot, screenshot_missing: missing } = observation.source;
  const selectors = Object.entries(observation.source.extraction_selectors).sort(([a], [b]) =>
    a.localeCompare(b),
  );
  return (
    <div className="evidence-tab">
      {screenshot ? (
        <Screenshot path={screenshot} />
      ) : (
        // Why there is none: entered by hand, a JSON document, no browser, a failed capture…
        <NotAvailable
          title={t('evidence.screenshot.not_available_title')}
          text={missing ? t(`evidence.screenshot.missing.${missing}`) : undefined}
        />
      )}
      <h3 className="evidence-tab__heading">{t('evidence.screenshot.elements_title')}</h3>
      {selectors.length ? (
        <ul className="evidence-elements" data-testid="extracted-elements">
          {selectors.map(([field, selector]) => (
            <li key={field}>
              <code>{selector}</code>
              <span aria-hidden="true">→</span>
              <span className="visually-hidden">{t('evidence.screenshot.maps_to')}</span>
              <strong>{fieldText.name(field)}</strong>
            </li>
          ))}
        </ul>
      ) : (
        <p className="evidence-tab__muted">{t('evidence.screenshot.no_elements')}</p>
      )}
    </div>
  );
}
