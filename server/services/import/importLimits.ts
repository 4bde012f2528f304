/**
 * The bounds of a broker file upload (issue 40): its bytes (IMPORT_MAX_BYTES, 2 MB by default; a
 * real 10,000-row Nordnet export is about 450 kB), its lines (counted on the bytes before any
 * decoding or parsing) and one import per user in flight. Together they keep an upload's memory
 * to a few times its size: before, the reader collected every record of an 8 MB file of
 * one-character lines (4 million records, 2.2 GB RSS) before the row cap was counted.
 */
import { countFilledLines } from '@/server/domain/csv';
import { NORDNET_MAX_ROWS } from '@/server/domain/portfolio';
import { IMPORT_MAX_BYTES } from '@/lib/schemas/portfolio';
import { DomainError, tooLarge } from '@/server/services/errors';

/** The largest accepted upload allowed by IMPORT_MAX_BYTES (bytes; 1 kB .. 64 MB), else the default. */
export function importMaxBytes(env: Partial<Record<string, string | undefined>> = process.env): number {
  const raw = env.IMPORT_MAX_BYTES?.trim();
  if (!raw) return IMPORT_MAX_BYTES;
  const bytes = Number(raw);
  if (!Number.isInteger(bytes) || bytes < 1024 || bytes > 64 * 1024 * 1024) {
    throw new Error(`IMPORT_MAX_BYTES must be a whole number of bytes from 1024 to 67108864, not "${raw}"`);
  }
  return bytes;
}

/** A UTF-16 file starts with its byte-order mark (Nordnet's exports are UTF-16LE). */
function isUtf16(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 2 &&
    ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
  );
}

/**
 * The most bytes the import route reads: twice IMPORT_MAX_BYTES, because a UTF-16 file takes two
 * bytes a character (a synthetic 10,000-row Nordnet export is 2.17 MB, a real one with every column
 * more): the cap is on the text, whatever its encoding. refuseOverTextLimit holds any other file to
 * IMPORT_MAX_BYTES itself.
 */
export function importBodyLimit(env: Partial<Record<string, string | undefined>> = process.env): number {
  return 2 * importMaxBytes(env);
}

/** 413 PAYLOAD_TOO_LARGE when the file's text passes IMPORT_MAX_BYTES (a UTF-16 file: twice that in bytes). */
export function refuseOverTextLimit(bytes: Uint8Array): void {
  const max = importMaxBytes() * (isUtf16(bytes) ? 2 : 1);
  if (bytes.length > max) {
    throw tooLarge('PAYLOAD_TOO_LARGE', `Request body exceeds ${Math.round(max / 1024)} kB`, {
      bytes: bytes.length,
      max,
    });
  }
}

/**
 * 413 when the file has more filled lines than a header and NORDNET_MAX_ROWS rows: one pass over
 * the bytes (at most IMPORT_MAX_BYTES), before the file is decoded or parsed.
 */
export function refuseTooManyLines(bytes: Uint8Array): void {
  const lines = countFilledLines(bytes);
  if (lines > NORDNET_MAX_ROWS + 1) {
    throw tooLarge(
      'IMPORT_TOO_MANY_ROWS',
      `The file has ${lines - 1} rows; at most ${NORDNET_MAX_ROWS} can be imported at once`,
      { rows: lines - 1, max: NORDNET_MAX_ROWS },
    );
  }
}

/** Seconds a caller refused for an import in flight is told to wait. */
export const IMPORT_BUSY_RETRY_SECONDS = 5;

const inFlight = new Set<string>();

/**
 * Run `work` as the user's one import in flight; while it runs, another import of the same user is
 * refused 429 IMPORT_IN_FLIGHT with Retry-After (per app instance: the memory it guards is the
 * instance's own). The slot is freed when `work` settles, failed or not.
 */
export async function withImportSlot<T>(uid: string, work: () => Promise<T>): Promise<T> {
  if (inFlight.has(uid)) {
    throw new DomainError('rate_limited', 'IMPORT_IN_FLIGHT', 'An import of yours is still running', {
      retryAfterSeconds: IMPORT_BUSY_RETRY_SECONDS,
      details: { retry_after: IMPORT_BUSY_RETRY_SECONDS },
    });
  }
  inFlight.add(uid);
  try {
    return await work();
  } finally {
    inFlight.delete(uid);
  }
}
