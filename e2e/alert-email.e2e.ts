import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpTestServer, type SmtpTestServer } from '../apps/worker/src/testing/smtp-test-server.ts';
import { ADMIN } from './support/server.ts';
import { apiLogin, prepareContext } from './support/auth.ts';
import { launchBrowser } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';

const RULE = 'Nylon sube de precio';
/** Where the screenshots go for a person to look at (not compared by the test). */
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp';

/** The real server mails a real SMTP server when a subscribed rule fires; the email's unsubscribe
 * link, opened in the browser, turns that rule's email off. */
describe('alert email: a subscribed rule fires, the email arrives, its link unsubscribes', () => {
  let smtp: SmtpTestServer;
  let server: TestServer;
  let browser: Browser;
  let token: string;

  const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await res.json()) as T;
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    server = await startServer({
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'PrecioFab <alertas@preciofab.test>' },
    });
    browser = await launchBrowser();
    token = await apiLogin(server.baseUrl);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  it('mails the change with a one-click unsubscribe that the console page honours', async () => {
    const vendor = await api<{ id: string }>('POST', '/api/v1/vendors', {
      name: 'Taller Correo (e2e)',
      type: 'bureau',
      website: 'https://correo.example.mx/',
      city: 'Puebla',
      capabilities: ['sls_printing'],
    });
    const rule = await api<{ id: string }>('POST', '/api/v1/alerts/rules', {
      name: RULE,
      kind: 'price_change',
      change_percent: 10,
      vendor_id: vendor.id,
    });
    await api('PUT', `/api/v1/alerts/subscriptions/${rule.id}`, { email: 'immediate' });
    const post = (price: number) =>
      api('POST', '/api/v1/prices', {
        vendor_id: vendor.id,
        service_name: 'Impresión SLS en nylon',
        category: 'additive_manufacturing',
        price,
        currency: 'MXN',
        unit: 'cm3',
      });
    await post(20);
    await post(25);

    const deadline = Date.now() + 60_000;
    while (smtp.received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.to).toEqual([ADMIN.email]);
    expect(mail.from).toBe('alertas@preciofab.test');
    // The one-click address is the API's; its token is what the email's body link carries too.
    const headers = mail.raw.slice(0, mail.raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
    const oneClick = /^List-Unsubscribe: <([^>]+)>/m.exec(headers)?.[1];
    const linkToken = /\/api\/v1\/unsubscribe\/([0-9a-f]{64})$/.exec(oneClick ?? '')?.[1];
    expect(linkToken).toMatch(/^[0-9a-f]{64}$/);
    expect(mail.raw.replace(/=\r?\n/g, '')).toContain(`/unsubscribe?token=3D${linkToken}`);

    const context = await browser.newContext({ baseURL: server.baseUrl });
    // Signed out, as a reader opening the email elsewhere would be.
    await prepareContext(context, { language: 'es', visited: true });
    const page = await context.newPage();
    await page.goto(`/unsubscribe?token=${linkToken}`);
    await expect.poll(() => page.getByTestId('unsubscribe-question').textContent()).toContain(`«${RULE}»`);
    // Opening the link changed nothing.
    const before = await api<{ data: { rule_id: string; email: string }[] }>(
      'GET',
      '/api/v1/alerts/subscriptions',
    );
    expect(before.data.find((s) => s.rule_id === rule.id)?.email).toBe('immediate');
    await page.getByTestId('unsubscribe-confirm').click();
    await expect.poll(() => page.getByTestId('unsubscribe-done').textContent()).toContain(`«${RULE}»`);
    await page.screenshot({ path: `${SHOTS}/unsubscribe-es.png` });
    const after = await api<{ data: { rule_id: string; email: string }[] }>(
      'GET',
      '/api/v1/alerts/subscriptions',
    );
    expect(after.data.find((s) => s.rule_id === rule.id)?.email).toBe('off');
    await context.close();

    // The email's evidence link opens that reading's evidence in the console.
    const body = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const evidence = new URL(/Ver la evidencia: (\S+)/.exec(body)?.[1] ?? 'http://missing/');
    expect(evidence.pathname).toBe('/prices');
    const signedIn = await browser.newContext({ baseURL: server.baseUrl });
    await prepareContext(signedIn, { token, language: 'es', visited: true });
    const pricesPage = await signedIn.newPage();
    await pricesPage.goto(`${evidence.pathname}${evidence.search}`);
    const dialog = pricesPage.getByRole('dialog');
    await dialog.waitFor();
    await expect.poll(() => dialog.textContent()).toContain('Impresión SLS en nylon');
    await signedIn.close();
  });
});
