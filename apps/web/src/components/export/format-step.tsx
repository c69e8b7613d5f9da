import { useTranslation } from '../../i18n/use-translation.ts';
import { OPTIONS_BY_FORMAT, type ConfigAction } from '../../lib/export/export-config.ts';
import { EXPORT_FORMATS, type ExportConfig } from '../../lib/export/types.ts';

type Props = { config: ExportConfig; dispatch: (action: ConfigAction) => void };

/** Step 2: the file format and the options that apply to it. */
export function FormatStep({ config, dispatch }: Props) {
  const { t } = useTranslation();
  return (
    <div className="export-format">
      <fieldset className="export-choice">
        <legend className="export-choice__legend">{t('export.format_label')}</legend>
        {EXPORT_FORMATS.map((format) => (
          <label key={format} className="export-choice__option">
            <input
              type="radio"
              name="export-format"
              value={format}
              checked={config.format === format}
              onChange={() => dispatch({ type: 'format', format })}
            />
            <span>
              <span className="export-choice__name">{t(`export.formats.${format}`)}</span>
              <span className="export-choice__hint">{t(`export.format_hints.${format}`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset className="export-choice">
        <legend className="export-choice__legend">{t('export.options_label')}</legend>
        {OPTIONS_BY_FORMAT[config.format].map((name) => (
          <label key={name} className="export-choice__check">
            <input
              type="checkbox"
              name={name}
              checked={config.formatOptions[name]}
              onChange={(event) => dispatch({ type: 'option', name, value: event.target.checked })}
            />
            {t(`export.options.${name}`)}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
