import type { Readable } from 'node:stream';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress, createUnzip } from 'node:zlib';
import { FetchError, toFetchError } from './fetch-error.ts';

export type BodyLimits = {
  maxBytes: number;
  /** Keep the first `maxBytes` instead of failing (robots.txt: parse the first 500 KiB). */
  truncate: boolean;
};

const TRUNCATED = new Error('truncated');

export const ACCEPT_ENCODING = 'gzip, deflate, br';

function decoderFor(contentEncoding: string | undefined): NodeJS.ReadWriteStream | null {
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
 * into memory.
 */
export async function readBody(
  source: Readable,
  contentEncoding: string | undefined,
  limits: BodyLimits,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      if (size + chunk.length <= limits.maxBytes) {
        chunks.push(chunk);
        size += chunk.length;
        callback();
      } else if (limits.truncate) {
        chunks.push(chunk.subarray(0, limits.maxBytes - size));
        size = limits.maxBytes;
        callback(TRUNCATED);
      } else {
        callback(new FetchError('too_large', `response body exceeds ${limits.maxBytes} bytes`));
      }
    },
  });
  const decoder = decoderFor(contentEncoding);
  try {
    await (decoder === null ? pipeline(source, sink) : pipeline(source, decoder, sink));
  } catch (error) {
    if (error !== TRUNCATED) throw toFetchError(error, 'could not read the response body');
  }
  return Buffer.concat(chunks, size);
}
