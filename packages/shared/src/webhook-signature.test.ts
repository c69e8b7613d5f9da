import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhook, WEBHOOK_TOLERANCE_SECONDS } from './webhook-signature.ts';

const secret = 'whsec_test_0123456789';
const body = JSON.stringify({ event: 'alert', data: { price: '12.50' } });

describe('webhook signature', () => {
  it('is the HMAC-SHA256 of "timestamp.body" in hex, prefixed sha256=', () => {
    const expected = createHmac('sha256', secret).update(`1764190000.${body}`).digest('hex');
    expect(signWebhook(secret, 1764190000, body)).toBe(`sha256=${expected}`);
  });

  it('verifies its own signature within the tolerance, and nothing else', () => {
    const now = 1764190000;
    const sig = signWebhook(secret, now, body);
    expect(verifyWebhook(secret, sig, String(now), body, now + 10)).toBe(true);
    expect(verifyWebhook(secret, sig, String(now), `${body} `, now)).toBe(false);
    expect(verifyWebhook('another-secret', sig, String(now), body, now)).toBe(false);
    expect(verifyWebhook(secret, sig, String(now + 1), body, now)).toBe(false);
    expect(verifyWebhook(secret, sig, String(now), body, now + WEBHOOK_TOLERANCE_SECONDS + 1)).toBe(false);
    expect(verifyWebhook(secret, undefined, String(now), body, now)).toBe(false);
    expect(verifyWebhook(secret, sig, 'soon', body, now)).toBe(false);
    expect(verifyWebhook(secret, sig.slice(0, -1), String(now), body, now)).toBe(false);
  });
});
