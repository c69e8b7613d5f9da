import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpTestServer, type SmtpTestServer } from '../testing/smtp-test-server.ts';
import { createMailer, mailFailure, type Mailer } from './mailer.ts';

let smtp: SmtpTestServer;
let mailer: Mailer;

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  mailer = createMailer({ smtpUrl: smtp.url, from: 'PrecioFab <alertas@preciofab.test>', timeoutMs: 5000 });
});
afterAll(async () => {
  mailer.close();
  await smtp.close();
});

const message = {
  to: 'ana@taller.mx',
  subject: 'Cambio de precio: Impresión FDM PLA',
  text: 'El precio pasó de $120.00 a $150.00 (+25 %).',
  html: '<p>El precio pasó de <b>$120.00</b> a <b>$150.00</b> (+25 %).</p>',
  unsubscribeUrl: 'http://localhost:3000/unsubscribe?token=abc',
};

describe('mailer', () => {
  it('delivers both parts and a one-click unsubscribe to a real SMTP server', async () => {
    smtp.refuseWith(null);
    const outcome = await mailer.send(message);
    expect(outcome.ok).toBe(true);
    const mail = smtp.received.at(-1);
    expect(mail?.to).toEqual(['ana@taller.mx']);
    expect(mail?.from).toBe('alertas@preciofab.test');
    expect(mail?.raw).toMatch(/^List-Unsubscribe: <http:\/\/localhost:3000\/unsubscribe\?token=abc>/m);
    expect(mail?.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    expect(mail?.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail?.raw).toMatch(/Content-Type: text\/html/);
    // The subject's accents survive encoding.
    expect(mail?.raw).toMatch(/^Subject: =\?UTF-8\?/m);
  });

  it('leaves the unsubscribe headers out when the message names no one-click address', async () => {
    smtp.refuseWith(null);
    expect((await mailer.send({ ...message, unsubscribeUrl: null })).ok).toBe(true);
    const raw = smtp.received.at(-1)!.raw;
    expect(raw).not.toMatch(/^List-Unsubscribe/m);
    expect(raw).toMatch(/^Subject: /m);
  });

  it('says a 4xx refusal may be retried and a 5xx refusal may not', async () => {
    smtp.refuseWith({ code: 451, message: 'try again later' });
    const soft = await mailer.send(message);
    smtp.refuseWith({ code: 550, message: 'mailbox unavailable' });
    const hard = await mailer.send(message);
    smtp.refuseWith(null);
    expect(soft).toMatchObject({ ok: false, retryable: true, code: 'smtp_451' });
    expect(hard).toMatchObject({ ok: false, retryable: false, code: 'smtp_550' });
  });

  it('says an unreachable server may be retried', async () => {
    const closed = createMailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'a@b.test', timeoutMs: 2000 });
    const outcome = await closed.send(message);
    closed.close();
    expect(outcome).toMatchObject({ ok: false, retryable: true });
  });

  it('keeps refused credentials from being retried', () => {
    const error = Object.assign(new Error('Invalid login'), { code: 'EAUTH' });
    expect(mailFailure(error)).toMatchObject({ ok: false, retryable: false, code: 'eauth' });
  });
});
