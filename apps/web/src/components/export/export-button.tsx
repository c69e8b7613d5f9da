import { useState } from 'react';
import type { MessageKey } from '../../i18n/catalogue.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useValueLabel } from '../../i18n/use-value-label.ts';
import { EXPORT_PRESETS, initialExportConfig, type ExportPresetName } from '../../lib/export/field-sets.ts';
import { runExport } from '../../lib/export/run-export.ts';
import type { ExportConfig, ExportRow, FieldDescriptor } from '../../lib/export/types.ts';
import { toast } from '../../lib/toast-store.ts';
import { Button } from '../ui/button.tsx';
import { ExportDialog } from './export-dialog.tsx';
import { DownloadIcon } from './export-icons.tsx';

type Props<T extends ExportRow> = {
  rows: readonly T[];
  fields: readonly FieldDescriptor[];
  /** File name before the date: "vendors" gives vendors-2026-11-22.csv. */
  fileBase: string;
  /** The spec §3 default format and options of this screen. */
  defaultFormat?: ExportPresetName;
  /** Title of the workbook sheet and of the PDF. */
  titleKey: MessageKey;
  /** Replaces the button's own label ("Export"), e.g. "Export selected (3)". */
  label?: string;
};

/** The Export button and its settings dialog. Disabled without rows and while a file is being
 * built (then a spinner and "Exporting…"). Files are built in the browser (spec §7). */
export function ExportButton<T extends ExportRow>({
  rows,
  fields,
  fileBase,
  defaultFormat = 'other',
  titleKey,
  label,
}: Props<T>) {
  const { t, locale } = useTranslation();
  const valueLabel = useValueLabel();
  const [open, setOpen] = useState(false);
  const [running, setRunning] = useState(false);

  async function start(config: ExportConfig) {
    // Spec §5: nothing happens without rows or without a field.
    if (rows.length === 0 || config.selectedFields.length === 0) return;
    setOpen(false);
    setRunning(true);
    try {
      const fileName = await runExport(config, fields, rows, {
        t,
        locale,
        title: t(titleKey),
        fileBase,
        valueLabel,
      });
      toast.success(t('export.success', { file: fileName }));
    } catch (error) {
      // DECISIONS: the user hears about a failed export, and the console keeps the cause.
      console.error('Export failed', error);
      toast.error(t('export.failed'));
    } finally {
      setRunning(false);
    }
  }

  return (
    <>
      <Button
        variant="secondary"
        onClick={() => setOpen(true)}
        disabled={rows.length === 0}
        loading={running}
        data-testid="export-trigger"
      >
        {!running && <DownloadIcon />}
        {running ? t('export.exporting') : (label ?? t('export.button'))}
      </Button>
      {open && (
        <ExportDialog
          fields={fields}
          rows={rows}
          initialConfig={initialExportConfig(fields, EXPORT_PRESETS[defaultFormat])}
          onExport={(config) => void start(config)}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
