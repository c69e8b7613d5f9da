import { useTranslation } from '../../../i18n/use-translation.ts';
import { SCHEDULE_OPTIONS, type ScheduleOption } from '../utils/schedule-options.ts';
import type { SourceFormValues } from '../utils/source-form.ts';
import { SelectField } from '../../../components/ui/select-field.tsx';

type Schedule = SourceFormValues['schedule'];
const CUSTOM = 'custom';

/** The four spec §9 schedules; a source scheduled some other way keeps its cron as an option.
 * `timeZone`: the zone their times are in, when known. */
export function ScheduleSelect({
  value,
  onChange,
  error,
  timeZone,
}: {
  value: Schedule;
  onChange: (value: Schedule) => void;
  error: string | undefined;
  timeZone?: string | undefined;
}) {
  const { t } = useTranslation();
  const custom = typeof value === 'string' ? null : value;
  const selected: string = typeof value === 'string' ? value : CUSTOM;
  const options: Array<{ value: string; label: string }> = SCHEDULE_OPTIONS.map((option) => ({
    value: option,
    label: t(`discovery.form.schedules.${option}`),
  }));
  if (custom)
    options.push({ value: CUSTOM, label: t('discovery.form.schedules.custom', { cron: custom.cron }) });
  return (
    <SelectField
      label={t('discovery.form.schedule')}
      name="schedule"
      value={selected}
      error={error}
      hint={
        timeZone
          ? t('discovery.form.schedule_hint', { zone: timeZone })
          : t('discovery.form.schedule_hint_server')
      }
      onChange={(event) => {
        const option = SCHEDULE_OPTIONS.find((o): o is ScheduleOption => o === event.target.value);
        if (option) onChange(option);
      }}
      options={options}
    />
  );
}
