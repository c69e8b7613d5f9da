import { guardedFetch } from './guarded-fetch.ts';
import { FetchError } from './fetch-error.ts';
import type { TargetPolicy } from './target-guard.ts';
import {
  signWebhook,
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
} from '@preciofab/shared/webhook-signature';

/** One POST of a webhook delivery, as the delivery log keeps it. */
export type WebhookAttempt = {
  ok: boolean;
  /** The receiver's HTTP status, when it answered. */
  status: number | null;
  /** A fetch error's code (timeout, refused_address, network, http_status, ...) when not ok. */
  error: string | null;
  /** Whether another attempt may succeed: network trouble, timeouts, 408, 425, 429 and 5xx. A
   * refused address, a redirect or another 4xx will not change by retrying. */
  retryable: boolean;
  /** What the receiver asked for in Retry-After, in ms. */
  retryAfterMs: number | null;
  durationMs: number;
};

export type WebhookRequest = {
  url: string;
  secret: string;
  event: string;
  /** The same on every attempt of one delivery. */
  deliveryId: string;
  body: string;
  /** The address policy's exemptions (CRAWLER_ALLOWED_HOSTS): the guard refuses private and
   * loopback addresses otherwise, as it does for every URL a user supplies. */
  policy?: TargetPolicy;
  timeoutMs?: number;
  now?: () => number;
};

const RETRYABLE_STATUSES = new Set([408, 425, 429]);
/** A receiver's answer is not read beyond this. */
const MAX_RESPONSE_BYTES = 16 * 1024;

export function isRetryableStatus(status: number): boolean {
  return status >= 500 || RETRYABLE_STATUSES.has(status);
}

/** POSTs a signed JSON body through the guarded fetcher; never follows a redirect (a POST that
 * moves is the receiver's misconfiguration, and following it would sign a body for another host). */
export async function sendWebhook(request: WebhookRequest): Promise<WebhookAttempt> {
  const now = request.now ?? Date.now;
  const started = now();
  const timestamp = Math.floor(started / 1000);
  try {
    const page = await guardedFetch(request.url, {
      ...request.policy,
      method: 'POST',
      body: request.body,
      maxRedirects: 0,
      timeoutMs: request.timeoutMs ?? 10_000,
      maxBytes: MAX_RESPONSE_BYTES,
      truncateBody: true,
      accept: 'application/json, text/plain;q=0.9, */*;q=0.1',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        [WEBHOOK_SIGNATURE_HEADER]: signWebhook(request.secret, timestamp, request.body),
        [WEBHOOK_TIMESTAMP_HEADER]: String(timestamp),
        [WEBHOOK_DELIVERY_HEADER]: request.deliveryId,
        [WEBHOOK_EVENT_HEADER]: request.event,
      },
    });
    return {
      ok: true,
      status: page.status,
      error: null,
      retryable: false,
      retryAfterMs: null,
      durationMs: now() - started,
    };
  } catch (error) {
    const durationMs = now() - started;
    if (error instanceof FetchError) {
      const status = error.status ?? null;
      const retryable =
        error.code === 'http_status'
          ? status !== null && isRetryableStatus(status)
          : error.code === 'timeout' || error.code === 'network';
      return {
        ok: false,
        status,
        error: error.code,
        retryable,
        retryAfterMs: error.retryAfterMs ?? null,
        durationMs,
      };
    }
    return { ok: false, status: null, error: 'network', retryable: true, retryAfterMs: null, durationMs };
  }
}

/** Waits between attempts: 30 s, 2 min, 8 min, 32 min, then 2 h 8 min, each with up to 20 %
 * jitter so a receiver coming back is not hit by every delivery at once; a longer Retry-After wins. */
export function webhookBackoffMs(
  attempt: number,
  retryAfterMs: number | null = null,
  random = Math.random,
): number {
  const base = 30_000 * 4 ** Math.max(0, attempt - 1);
  const jittered = Math.round(base * (1 + 0.2 * random()));
  return Math.max(jittered, retryAfterMs ?? 0);
}
