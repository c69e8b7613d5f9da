import { useRef, useState, type ChangeEvent } from 'react';
import { VENDOR_IMPORT_MAX, VENDOR_IMPORT_MAX_BYTES } from '@preciofab/shared/contracts/vendors';
import { Alert } from '../../../components/ui/alert.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ModalFooter } from '../../../components/ui/modal-footer.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { formatBytes } from '../../../lib/export/size.ts';
import { toast } from '../../../lib/toast-store.ts';
import { useImportVendors } from '../api/import-vendors.ts';
import { parseInWorker } from '../utils/parse-in-worker.ts';
import {
  readVendorFile,
  serverErrorsByRow,
  type ImportFile,
  type ImportProblem,
} from '../utils/vendor-import.ts';
import { ImportPreviewTable } from './import-preview-table.tsx';
import { FieldFrame } from '../../../components/ui/field-frame.tsx';

/** Import from CSV (DECISIONS): refuse a file over the size limit, read and validate it off the
 * main thread (stopping past the row cap), show every row with its errors, and import the valid
 * rows in one all-or-nothing call. The limits are said before a file is chosen. */
export function ImportVendorsModal({ onClose }: { onClose: () => void }) {
  const { t, locale } = useTranslation();
  const importer = useImportVendors();
  const [file, setFile] = useState<Extract<ImportFile, { ok: true }> | null>(null);
  const [problem, setProblem] = useState<ImportProblem | null>(null);
  const [reading, setReading] = useState(false);
  // Only the latest chosen file's result is shown.
  const latest = useRef(0);
  const limits = { rows: VENDOR_IMPORT_MAX, size: formatBytes(VENDOR_IMPORT_MAX_BYTES, locale) };

  const valid = file?.rows.filter((row) => row.vendor !== null) ?? [];
  const invalidCount = (file?.rows.length ?? 0) - valid.length;
  const apiError = importer.error instanceof ApiError ? importer.error : null;
  const serverErrors = serverErrorsByRow(apiError?.errors ?? [], valid);
  const banner = !importer.error
    ? null
    : apiError?.status === 403
      ? t('errors.forbidden')
      : serverErrors.size > 0
        ? t('vendor_tools.import.rejected')
        : t('vendor_tools.import.failed');

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    importer.reset();
    setFile(null);
    setProblem(null);
    const chosen = event.target.files?.[0];
    const request = ++latest.current;
    setReading(Boolean(chosen));
    if (!chosen) return;
    const read = await readVendorFile(chosen, parseInWorker);
    if (request !== latest.current) return;
    setReading(false);
    if (read.ok) setFile(read);
    else setProblem(read.problem);
  }

  function submit() {
    const vendors = valid.flatMap((row) => (row.vendor ? [row.vendor] : []));
    if (vendors.length === 0) return;
    importer.mutate(vendors, {
      onSuccess: (result) => {
        toast.success(t('vendor_tools.import.success', { count: result.created }));
        onClose();
      },
    });
  }

  return (
    <Modal
      title={t('vendor_tools.import.title')}
      closeLabel={t('vendor_tools.import.close')}
      onClose={onClose}
      size="lg"
    >
      <div className="modal__body import-vendors" data-testid="import-dialog">
        <FieldFrame label={t('vendor_tools.import.file_label')} hint={t('vendor_tools.import.help', limits)}>
          {(control) => (
            <input
              {...control}
              type="file"
              accept=".csv,text/csv"
              className="field__input"
              onChange={(event) => void onFile(event)}
              data-testid="import-file"
              data-autofocus
            />
          )}
        </FieldFrame>
        {reading && (
          <p className="vendor-form__hint" aria-live="polite" data-testid="import-reading">
            {t('vendor_tools.import.reading')}
          </p>
        )}
        {problem && <Alert tone="error">{t(`vendor_tools.import.${problem}`, limits)}</Alert>}
        {banner && <Alert tone="error">{banner}</Alert>}
        {file && (
          <>
            <p className="import-vendors__summary" data-testid="import-summary" aria-live="polite">
              {t('vendor_tools.import.summary', { count: valid.length, invalid: invalidCount })}
            </p>
            {file.ignoredColumns.length > 0 && (
              <p className="vendor-form__hint">
                {t('vendor_tools.import.ignored', { columns: file.ignoredColumns.join(', ') })}
              </p>
            )}
            <ImportPreviewTable rows={file.rows} serverErrors={serverErrors} />
          </>
        )}
      </div>
      <ModalFooter
        cancelLabel={t('vendor_tools.import.cancel')}
        onCancel={onClose}
        confirmLabel={
          importer.isPending
            ? t('vendor_tools.import.submitting')
            : t('vendor_tools.import.submit', { count: valid.length })
        }
        onConfirm={submit}
        disabled={valid.length === 0}
        busy={importer.isPending}
        confirmTestId="import-submit"
      />
    </Modal>
  );
}
