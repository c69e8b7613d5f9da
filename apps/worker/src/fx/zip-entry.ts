import { crc32, inflateRawSync } from 'node:zlib';

/** Why a ZIP could not be read; the message is a catalogue key. */
export class ZipError extends Error {
  constructor(readonly key: string) {
    super(key);
    this.name = 'ZipError';
  }
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

export const isZip = (bytes: Buffer): boolean => bytes.length >= 4 && bytes.readUInt32LE(0) === LOCAL;

/**
 * The first `.csv` entry of a ZIP archive (the ECB's `eurofxref-hist.zip` holds one), stored or
 * deflated, inflated to at most `maxBytes` and checked against its CRC. Sizes and offsets come
 * from the central directory: the local header may leave them to a trailing data descriptor.
 * No ZIP64, no encryption: the ECB uses neither.
 */
export function readZipCsv(bytes: Buffer, maxBytes: number): Buffer {
  // The end-of-central-directory record: 22 bytes, then a comment of up to 64 kB.
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (bytes.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new ZipError('validation.fx_import_zip');
  const entries = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  for (let n = 0; n < entries; n++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== CENTRAL)
      throw new ZipError('validation.fx_import_zip');
    const flags = bytes.readUInt16LE(at + 8);
    const method = bytes.readUInt16LE(at + 10);
    const crc = bytes.readUInt32LE(at + 16);
    const packed = bytes.readUInt32LE(at + 20);
    const size = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const skip = nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
    const local = bytes.readUInt32LE(at + 42);
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + skip;
    if (!name.toLowerCase().endsWith('.csv')) continue;
    if (flags & 1 || (method !== 0 && method !== 8)) throw new ZipError('validation.fx_import_zip');
    if (size > maxBytes) throw new ZipError('validation.fx_import_too_large');
    if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== LOCAL)
      throw new ZipError('validation.fx_import_zip');
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    const data = bytes.subarray(start, start + packed);
    let out: Buffer;
    try {
      // The cap holds whatever the directory claims: a bomb stops at maxBytes.
      out = method === 0 ? Buffer.from(data) : inflateRawSync(data, { maxOutputLength: maxBytes });
    } catch {
      throw new ZipError('validation.fx_import_zip');
    }
    if (out.length !== size || crc32(out) !== crc) throw new ZipError('validation.fx_import_zip');
    return out;
  }
  throw new ZipError('validation.fx_import_zip');
}
