import type { Readable, Transform } from 'node:stream';
import { createBrotliDecompress, createUnzip } from 'node:zlib';
import { FetchError, toFetchError } from './fetch-error.ts';

export type BodyLimits = {
  maxBytes: number;
  /** Keep the first `maxBytes` instead of failing (robots.txt: parse the first 500 KiB). */
  truncate: boolean;
};

export const ACCEPT_ENCODING = 'gzip, deflate, br';

function decoderFor(contentEncoding: string | undefined): Transform | null {
  const encoding = (contentEncoding ?? '').trim().toLowerCase();
  if (encoding === '' || encoding === 'identity') return null;
  // createUnzip reads both gzip and zlib-wrapped deflate (what RFC 9110 calls "deflate").
  if (encoding === 'gzip' || encoding === 'x-gzip' || encoding === 'deflate') return createUnzip();
  if (encoding === 'br') return createBrotliDecompress();
  throw new FetchError('network', `unsupported content-encoding: ${encoding}`);
}

/**
 * Reads a response body, decompressed, failing (or truncating) as soon as the decompressed size
 * passes the cap: the count is taken after decompression, so a small gzip bomb cannot expand
 * into memory. A body that ends early (the connection closed before its end) fails.
 *
 * Plain stream events rather than `stream.pipeline`: a pipeline makes an AbortController per call
 * and aborts it when done, which builds a DOMException with its stack each time, a noticeable
 * part of a crawl's main thread at hundreds of pages per second.
 */
export function readBody(
  source: Readable,
  contentEncoding: string | undefined,
  limits: BodyLimits,
): Promise<Buffer> {
  let decoder: Transform | null;
  try {
    decoder = decoderFor(contentEncoding);
  } catch (error) {
    source.destroy();
    return Promise.reject(error as Error);
  }
  const output: Readable = decoder ?? source;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let sourceEnded = false;
    let settled = false;
    const settle = (error: unknown) => {
      if (settled) return;
      settled = true;
      output.removeListener('data', onData);
      // Whatever is still flowing is not wanted: the caller closes the connection unless the
      // response was read to its end.
      if (decoder) {
        source.unpipe(decoder);
        decoder.destroy();
      }
      if (error === undefined) resolve(Buffer.concat(chunks, size));
      else {
        source.destroy();
        reject(toFetchError(error, 'could not read the response body'));
      }
    };
    const onData = (chunk: Buffer) => {
      if (size + chunk.length <= limits.maxBytes) {
        chunks.push(chunk);
        size += chunk.length;
      } else if (limits.truncate) {
        chunks.push(chunk.subarray(0, limits.maxBytes - size));
        size = limits.maxBytes;
        source.destroy();
        settle(undefined);
      } else {
        settle(new FetchError('too_large', `response body exceeds ${limits.maxBytes} bytes`));
      }
    };
    // `on`, not `once`, for errors: a stream destroyed after we settled may still report one.
    output.on('data', onData);
    output.once('end', () => settle(undefined));
    output.on('error', settle);
    if (decoder) {
      source.on('error', settle);
      source.pipe(decoder);
    }
    source.once('end', () => (sourceEnded = true));
    source.once('close', () => {
      if (!sourceEnded) settle(new Error('the connection closed before the body ended'));
    });
  });
}
