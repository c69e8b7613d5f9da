import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../apps/web/src/testing/catalogues.ts';
import { apiLogin, prepareContext } from './support/auth.ts';
import { useBrowserSession, type BrowserSession } from './support/session.ts';

const es = MESSAGES.es;

describe('a form sent while the browser is offline', () => {
  let session: BrowserSession;
  useBrowserSession({ width: 1280, height: 900 }, (s) => (session = s));

  it('says the network failed, keeps the values, and sends them once the browser is back online', async () => {
    const { page, server, consoleWatch } = session;
    const token = await apiLogin(server.baseUrl);
    const created = await fetch(`${server.baseUrl}/api/v1/vendors`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Taller Sin Red', capabilities: ['fdm_printing'] }),
    });
    expect(created.status).toBe(201);
    await prepareContext(page.context(), { token, language: 'es', visited: true });

    await page.goto('/prices');
    await page.getByRole('heading', { level: 1, name: es.prices.title }).waitFor();
    await page.getByTestId('add-price').click();
    const dialog = page.getByRole('dialog', { name: es.prices.form.title });
    const vendor = dialog.getByLabel(es.prices.form.vendor, { exact: true });
    await dialog.getByRole('option', { name: 'Taller Sin Red' }).waitFor({ state: 'attached' });
    await vendor.selectOption({ label: 'Taller Sin Red' });
    const serviceName = dialog.getByLabel(es.prices.form.service_name, { exact: true });
    await serviceName.fill('Impresión sin red');
    await dialog.getByLabel(es.prices.form.price, { exact: true }).fill('4.75');

    // Offline, the submit is tried three times (two retries: 1 s, then 2 s) and then says why.
    await page.context().setOffline(true);
    const submit = dialog.getByTestId('price-submit');
    await submit.click();
    await dialog.getByRole('alert').filter({ hasText: es.errors.network }).waitFor({ timeout: 10_000 });
    expect(await submit.textContent()).toBe(es.prices.form.submit);
    expect(await serviceName.inputValue()).toBe('Impresión sin red');
    expect(await dialog.getByLabel(es.prices.form.price, { exact: true }).inputValue()).toBe('4.75');
    expect(await vendor.inputValue()).not.toBe('');

    await page.context().setOffline(false);
    await submit.click();
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByTestId('toast')
      .filter({ hasText: es.prices.form.created.replace('{name}', 'Impresión sin red') })
      .waitFor();
    const prices = await fetch(`${server.baseUrl}/api/v1/prices?search=${encodeURIComponent('sin red')}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const list = (await prices.json()) as { data: { offer_name: string; price: number }[] };
    expect(list.data.map((row) => [row.offer_name, row.price])).toEqual([['Impresión sin red', 4.75]]);
    expect(consoleWatch.uncaught()).toEqual([]);
  });
});
