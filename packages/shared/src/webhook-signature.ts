import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * How a webhook delivery is signed, written once for the sender (the worker) and for whoever
 * receives it (the tests' receiver, and the documentation operators read). The signature covers
 * the timestamp and the exact body, so a captured delivery cannot be replayed later or altered:
 *
 *   X-PrecioFab-Timestamp: 1764190000
 *   X-PrecioFab-Signature: sha256=<hex HMAC-SHA256 of "1764190000.<body>" keyed with the secret>
 */
export const WEBHOOK_SIGNATURE_HEADER = 'x-preciofab-signature';
export const WEBHOOK_TIMESTAMP_HEADER = 'x-preciofab-timestamp';
/** The delivery's id: the same on every retry of one delivery, so a receiver can drop repeats. */
export const WEBHOOK_DELIVERY_HEADER = 'x-preciofab-delivery';
export const WEBHOOK_EVENT_HEADER = 'x-preciofab-event';
/** How old a signed timestamp a receiver should still accept. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export function signWebhook(secret: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${timestampSeconds}.${body}`).digest('hex');
  return `sha256=${mac}`;
}

/** True when the signature is the body's and the timestamp is recent; compared in constant time. */
export function verifyWebhook(
  secret: string,
  signature: string | undefined,
  timestamp: string | undefined,
  body: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  if (!signature || !timestamp || !/^\d{1,12}$/.test(timestamp)) return false;
  const at = Number(timestamp);
  if (Math.abs(nowSeconds - at) > WEBHOOK_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(signWebhook(secret, at, body));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
