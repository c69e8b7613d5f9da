import { randomBytes } from 'node:crypto';

/** A new observation id chosen by the application (a write that answers with its id before the
 * row exists): a UUIDv7 as the column's default makes one (migration 0030, RFC 9562: 48 bits of
 * milliseconds since the epoch, version 7, 74 random bits, variant 10), so the rows a server writes
 * append to the indexes led by the id as the database's own do. */
export function newObservationId(now: number = Date.now()): string {
  const b = randomBytes(16);
  b.writeUIntBE(now, 0, 6);
  b[6] = (b[6]! & 0x0f) | 0x70;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
