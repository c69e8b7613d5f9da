import { useMemo } from 'react';
import { useFormat } from '../../i18n/use-format.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Spinner } from '../ui/spinner.tsx';
import type { ObservationDetail } from './api/get-observation.ts';
import { useBlobText, useEvidenceFile } from './api/get-evidence-file.ts';
import { extractedFields } from './evidence-fields.ts';
import { inertSnapshot } from './inert-snapshot.ts';
import { NotAvailable } from './not-available.tsx';
import { useFieldText } from './use-field-text.ts';

/** The snapshot in a frame with an empty sandbox: no script runs, no form posts, no navigation.
 * It is fetched with the token and shown through srcdoc (the CSP's frame-src allows no blob:),
 * made inert first, so the frame has nothing to block. */
function Snapshot({ path }: { path: string }) {
  const { t } = useTranslation();
  const file = useEvidenceFile(path);
  const text = useBlobText(file.data);
  const html = useMemo(() => (text === null ? null : inertSnapshot(text)), [text]);
  if (file.isError) return <NotAvailable title={t('evidence.raw.file_error')} />;
  if (html === null) return <Spinner />;
  return (
    <iframe
      className="evidence-snapshot"
      sandbox=""
      srcDoc={html}
      title={t('evidence.raw.snapshot_frame')}
      referrerPolicy="no-referrer"
    />
  );
}

export function RawDataTab({ observation }: { observation: ObservationDetail }) {
  const { t } = useTranslation();
  const format = useFormat();
  const fields = extractedFields(observation);
  const fieldText = useFieldText();
  return (
    <div className="evidence-tab">
      <h3 className="evidence-tab__heading">{t('evidence.raw.snapshot_title')}</h3>
      {observation.source.html_snapshot_url ? (
        <Snapshot path={observation.source.html_snapshot_url} />
      ) : (
        <NotAvailable title={t('evidence.raw.not_available')} />
      )}
      <h3 className="evidence-tab__heading">{t('evidence.raw.fields_title')}</h3>
      {fields.length ? (
        <div className="evidence-table__scroll">
          <table className="evidence-table" data-testid="extracted-fields">
            <thead>
              <tr>
                <th scope="col">{t('evidence.raw.field')}</th>
                <th scope="col">{t('evidence.raw.value')}</th>
                <th scope="col">{t('evidence.raw.confidence')}</th>
                <th scope="col">{t('evidence.raw.selector')}</th>
              </tr>
            </thead>
            <tbody>
              {fields.map((f) => (
                <tr key={f.field}>
                  <th scope="row">{fieldText.name(f.field)}</th>
                  <td>{f.value === null ? t('evidence.not_recorded') : fieldText.value(f.field, f.value)}</td>
                  <td>
                    {f.confidence === null ? t('evidence.not_recorded') : format.percent(f.confidence * 100)}
                  </td>
                  <td>{f.selector ? <code>{f.selector}</code> : t('evidence.not_recorded')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="evidence-tab__muted">{t('evidence.raw.no_fields')}</p>
      )}
    </div>
  );
}
