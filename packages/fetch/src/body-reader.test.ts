import { PassThrough, Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { FetchError } from './fetch-error.ts';
import { readBody } from './body-reader.ts';

const limits = { maxBytes: 1000, truncate: false };

/** A body arriving in the given chunks, then ending. */
const body = (...chunks: (string | Buffer)[]) =>
  Readable.from(chunks.map((c) => (typeof c === 'string' ? Buffer.from(c) : c)));

async function failure(p: Promise<unknown>): Promise<FetchError> {
  const error = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FetchError);
  return error as FetchError;
}

describe('readBody', () => {
  it('joins the chunks of a plain body', async () => {
    expect((await readBody(body('Hola, ', 'precio: $1,234.56'), undefined, limits)).toString()).toBe(
      'Hola, precio: $1,234.56',
    );
  });

  it('decodes gzip and counts the cap after decompression', async () => {
    const zipped = gzipSync(Buffer.from('comprimido ñ'));
    expect((await readBody(body(zipped), 'gzip', limits)).toString()).toBe('comprimido ñ');
    const bomb = body(gzipSync(Buffer.alloc(50_000)));
    expect((await failure(readBody(bomb, 'gzip', limits))).code).toBe('too_large');
  });

  it('fails a body that grows past the cap and stops reading it', async () => {
    const source = body('a'.repeat(600), 'b'.repeat(600), 'c'.repeat(600));
    expect((await failure(readBody(source, undefined, limits))).code).toBe('too_large');
    expect(source.destroyed).toBe(true);
  });

  it('keeps the first bytes when asked to truncate, and stops reading', async () => {
    const source = body('a'.repeat(600), 'b'.repeat(600), 'c'.repeat(600));
    const bytes = await readBody(source, undefined, { maxBytes: 1000, truncate: true });
    expect(bytes.toString()).toBe('a'.repeat(600) + 'b'.repeat(400));
    expect(source.destroyed).toBe(true);
  });

  it('fails a body whose connection closes before its end, instead of returning part of it', async () => {
    const source = new PassThrough();
    const read = readBody(source, undefined, limits);
    source.write('half a page');
    setImmediate(() => source.destroy());
    const error = await failure(read);
    expect(error.code).toBe('network');
    expect(error.message).toContain('closed before the body ended');
  });

  it('reports an error of the connection or of the decoder as a network error', async () => {
    const source = new PassThrough();
    const read = readBody(source, undefined, limits);
    setImmediate(() => source.destroy(new Error('ECONNRESET')));
    expect(await failure(read)).toMatchObject({
      code: 'network',
      message: expect.stringContaining('ECONNRESET'),
    });
    const corrupt = await failure(readBody(body(Buffer.from('not gzip at all')), 'gzip', limits));
    expect(corrupt.code).toBe('network');
  });

  it('refuses an unknown content-encoding and closes the body', async () => {
    const source = body('x');
    const error = await failure(readBody(source, 'compress', limits));
    expect(error).toMatchObject({ code: 'network', message: expect.stringContaining('compress') });
    expect(source.destroyed).toBe(true);
  });
});
