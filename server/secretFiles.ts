/**
 * Secrets and private files on disk (issue 23 item 6): DATA_DIR and the backups folder are 0700,
 * the files in them 0600; a secret kept in DATA_DIR is written atomically (a complete file appears
 * under its name or none does) and refused when it is shorter than 32 bytes; text that may carry a
 * connection string is redacted before it is stored or logged.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The shortest secret accepted from disk, in bytes. */
export const SECRET_MIN_BYTES = 32;

/** Create `dir` (and parents) if needed and make it private to this user (0700). */
export function ensurePrivateDir(dir: string): void {
  fs.mkdirSync(/*turbopackIgnore: true*/ dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(/*turbopackIgnore: true*/ dir, 0o700);
}

/** Write `data` to `file` with mode 0600, atomically (temporary file, then rename). */
export function writePrivateFile(file: string, data: string | Buffer): void {
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(/*turbopackIgnore: true*/ tmp, data, { mode: 0o600 });
  fs.renameSync(/*turbopackIgnore: true*/ tmp, /*turbopackIgnore: true*/ file);
}

/**
 * The secret in `file` (trimmed text), or a new one from `make()` written there atomically with
 * mode 0600 when there is none. Two processes racing both end up with the first one written (the
 * new file is linked into place, which fails when the name exists). `bytes` says how long a secret
 * text is in bytes; a shorter one than SECRET_MIN_BYTES is refused, naming the file.
 */
export function readOrCreateSecret(
  file: string,
  make: () => string,
  bytes: (text: string) => number = (text) => Buffer.byteLength(text, 'utf8'),
): string {
  const read = (): string => {
    const text = fs.readFileSync(/*turbopackIgnore: true*/ file, 'utf8').trim();
    if (bytes(text) < SECRET_MIN_BYTES) {
      throw new Error(
        `The secret in ${file} is shorter than ${SECRET_MIN_BYTES} bytes: delete the file to have a new one made, ` +
          'or set the variable that replaces it.',
      );
    }
    return text;
  };
  try {
    return read();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  ensurePrivateDir(path.dirname(file));
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(/*turbopackIgnore: true*/ tmp, make(), { mode: 0o600 });
  try {
    fs.linkSync(/*turbopackIgnore: true*/ tmp, /*turbopackIgnore: true*/ file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    fs.rmSync(/*turbopackIgnore: true*/ tmp, { force: true });
  }
  return read();
}

/**
 * `text` with the password of every URL in it replaced by `***` ("postgres://app:s3cret@db/x" →
 * "postgres://app:***@db/x"), and `password=…` pairs of key-value connection strings too. Linear:
 * bounded quantifiers only.
 */
export function redactCredentials(text: string): string {
  return text
    .replace(/\b([a-z][a-z0-9+.-]{0,30}:\/\/)([^\s:@/]{0,256}):([^\s@/]{1,256})@/gi, '$1$2:***@')
    .replace(/\b(password|passwd|pwd)=([^\s&;]{1,256})/gi, '$1=***');
}
