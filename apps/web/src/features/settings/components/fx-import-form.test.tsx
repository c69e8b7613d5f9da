import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FxImportStatus } from '@preciofab/shared/contracts/fx-rates';
import {
  renderComponent,
  stubFetch,
  type FetchCall,
  type FetchReply,
} from '../../../testing/render-component.tsx';
import { FxImportForm } from './fx-import-form.tsx';

const CSV = 'date,currency,units_per_usd\n2001-01-02,UYU,12.5\n2001-01-02,BOB,6.4\n';
const csv = (text: string, name = 'rates.csv') => new File([text], name, { type: 'text/csv' });

const QUEUED: FxImportStatus = {
  job_id: 'j1',
  state: 'queued',
  result: null,
  error: null,
  error_code: null,
  error_detail: null,
};
const COMPLETED: FxImportStatus = {
  job_id: 'j1',
  state: 'completed',
  result: {
    format: 'rates',
    rates: 2,
    currencies: {
      BOB: { from: '2001-01-02', to: '2001-01-02', count: 1 },
      UYU: { from: '2001-01-02', to: '2001-01-02', count: 1 },
    },
    renormalized: 0,
    skipped: 0,
    errors: [],
    error_count: 0,
  },
  error: null,
  error_code: null,
  error_detail: null,
};

/** The import starts (202) and its status, polled, says it completed. */
const importing = ({ method }: FetchCall): FetchReply =>
  method === 'POST' ? { status: 202, body: QUEUED } : { status: 200, body: COMPLETED };

function open(language: 'es' | 'en' = 'es') {
  const rendered = renderComponent(<FxImportForm />, { language });
  const form = within(screen.getByTestId('fx-import'));
  const choose = (file: File) => rendered.user.upload(form.getByTestId('fx-import-file'), file);
  const submit = () => rendered.user.click(form.getByTestId('fx-import-submit'));
  return { ...rendered, form, choose, submit };
}

const posts = (calls: FetchCall[]) => calls.filter((c) => c.method === 'POST');

describe('FxImportForm', () => {
  it('asks for a file, and refuses an empty one, sending nothing', async () => {
    const calls = stubFetch(importing);
    const { form, choose, submit } = open();
    await submit();
    expect(await form.findByText('Elige un archivo CSV.')).toBeTruthy();
    await choose(csv('\uFEFF\n  \n'));
    expect(await form.findByText('El archivo está vacío.')).toBeTruthy();
    await submit();
    expect(form.getByText('El archivo está vacío.')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('sends the file’s text in the chosen format and shows what the import wrote', async () => {
    const calls = stubFetch(importing);
    const { form, choose, submit, user } = open();
    await choose(csv(CSV));
    await user.selectOptions(form.getByTestId('fx-import-format'), 'rates');
    await submit();
    expect(await form.findByTestId('fx-import-summary', {}, { timeout: 5000 })).toBeTruthy();
    expect(posts(calls)).toEqual([
      { method: 'POST', url: '/api/v1/fx-rates/import', body: { format: 'rates', content: CSV } },
    ]);
    expect(calls.some((c) => c.method === 'GET' && c.url === '/api/v1/fx-rates/imports/j1')).toBe(true);
  });

  it('says why an import failed as the server said it, the technical text folded beneath', async () => {
    const failed: FxImportStatus = {
      ...QUEUED,
      state: 'failed',
      error: 'no se pudo conectar con la base de datos; no se importó nada',
      error_code: 'database_unavailable',
      error_detail: 'connect ECONNREFUSED 127.0.0.1:5432',
    };
    stubFetch(({ method }) =>
      method === 'POST' ? { status: 202, body: QUEUED } : { status: 200, body: failed },
    );
    const { form, choose, submit } = open();
    await choose(csv(CSV));
    await submit();
    const reason = await form.findByTestId('fx-import-failed', {}, { timeout: 5000 });
    expect(reason.textContent).toBe(
      'La importación falló: no se pudo conectar con la base de datos; no se importó nada',
    );
    const detail = form.getByTestId('fx-import-failure-detail');
    expect(detail.tagName).toBe('DETAILS');
    expect(detail.textContent).toBe('Detalle técnicoconnect ECONNREFUSED 127.0.0.1:5432');
  });

  it('puts the server’s error on the file under the file', async () => {
    stubFetch(() => ({
      status: 400,
      body: { detail: 'x', errors: [{ field: 'content', message: 'El archivo pesa más de 8 MB' }] },
    }));
    const { form, choose, submit } = open();
    await choose(csv(CSV));
    await submit();
    expect(await form.findByText('El archivo pesa más de 8 MB')).toBeTruthy();
    expect(form.getByTestId('fx-import-file').getAttribute('aria-invalid')).toBe('true');
    expect(form.queryByRole('alert')).toBeNull();
  });

  it('says a network failure, keeps the file and imports it when sent again (in English)', async () => {
    let offline = true;
    const calls = stubFetch((call) => (offline ? 'network-error' : importing(call)));
    const { form, choose, submit } = open('en');
    await choose(csv(CSV));
    await submit();
    const banner = await form.findByRole('alert', {}, { timeout: 8000 });
    expect(banner.textContent).toBe('Network error. Please check your connection and try again.');
    expect(form.getByTestId('fx-import-submit').textContent).toBe('Import CSV');

    offline = false;
    await submit();
    expect(await form.findByTestId('fx-import-summary', {}, { timeout: 5000 })).toBeTruthy();
    expect(posts(calls).at(-1)?.body).toEqual({ format: 'auto', content: CSV });
    expect(form.queryByRole('alert')).toBeNull();
  }, 15_000);
});
