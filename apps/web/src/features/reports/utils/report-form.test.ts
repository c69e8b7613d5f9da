import { describe, expect, it } from 'vitest';
import { reportCreateBody } from '@preciofab/shared/contracts/reports';
import { REPORT_FORM_DEFAULTS, reportFormSchema } from './report-form.ts';

describe('report form', () => {
  it('sends a body the server reads as the form meant: blank name and schedule are its defaults', () => {
    const body = reportFormSchema.parse(REPORT_FORM_DEFAULTS);
    expect(body).toEqual({
      type: 'pricing',
      format: 'pdf',
      period_days: 30,
      parameters: {},
      name: null,
      description: null,
    });
    expect(reportCreateBody.parse(body)).toMatchObject({ name: null, schedule: null });
  });

  it('keeps a schedule, normalized', () => {
    const body = reportFormSchema.parse({
      ...REPORT_FORM_DEFAULTS,
      name: ' Semanal ',
      schedule: ' 0 6  * * 1 ',
    });
    expect(body).toMatchObject({ name: 'Semanal', schedule: '0 6 * * 1' });
  });

  it('refuses a schedule that is not a cron with the spec message', () => {
    const parsed = reportFormSchema.safeParse({ ...REPORT_FORM_DEFAULTS, schedule: 'cada lunes' });
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['schedule', 'validation.cron_invalid'],
    ]);
  });
});
