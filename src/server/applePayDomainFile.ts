// APPLE_PAY_DOMAIN_FILE, read once at start (settings.ts): the Apple Pay domain association file
// Stripe gives for the site's domain, or a message naming the setting and what is wrong with it.
import {
  closeSync,
  constants as fsConstants,
  fstatSync,
  openSync,
  readSync,
  type Stats,
} from 'node:fs';
import { SettingsError } from './settingsError';

/**
 * The Apple Pay association file Stripe gives is a few KB: a file much longer than this is not
 * one (and is not read whole into memory to find out).
 */
export const APPLE_PAY_DOMAIN_FILE_MAX_BYTES = 64 * 1024;

/**
 * The Apple Pay domain association file's content: a regular file that is there, not empty and
 * not longer than APPLE_PAY_DOMAIN_FILE_MAX_BYTES. It is opened without waiting (a FIFO or a
 * device would otherwise block the start, silently, until something wrote to it) and checked by
 * what was opened, not by its name, before a byte is read.
 */
export function readApplePayDomainFile(raw: string | undefined): Buffer | null {
  const file = raw?.trim();
  if (!file) return null;
  let fd: number;
  try {
    fd = openSync(file, fsConstants.O_RDONLY | fsConstants.O_NONBLOCK);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new SettingsError(`APPLE_PAY_DOMAIN_FILE "${file}" can't be read (${reason}).`);
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) {
      throw new SettingsError(
        `APPLE_PAY_DOMAIN_FILE "${file}" is not a regular file (a ${fileKind(stats)}): give the file Stripe's Dashboard downloads.`,
      );
    }
    if (stats.size > APPLE_PAY_DOMAIN_FILE_MAX_BYTES) {
      throw new SettingsError(
        `APPLE_PAY_DOMAIN_FILE "${file}" has ${stats.size} bytes, more than an association file's ${APPLE_PAY_DOMAIN_FILE_MAX_BYTES}.`,
      );
    }
    // One byte more than the limit: a file that grew since it was checked is still caught.
    const content = Buffer.alloc(APPLE_PAY_DOMAIN_FILE_MAX_BYTES + 1);
    let length = 0;
    for (;;) {
      const read = readSync(fd, content, length, content.length - length, null);
      length += read;
      if (read === 0 || length === content.length) break;
    }
    if (length > APPLE_PAY_DOMAIN_FILE_MAX_BYTES) {
      throw new SettingsError(
        `APPLE_PAY_DOMAIN_FILE "${file}" is longer than an association file's ${APPLE_PAY_DOMAIN_FILE_MAX_BYTES} bytes.`,
      );
    }
    if (length === 0) throw new SettingsError(`APPLE_PAY_DOMAIN_FILE "${file}" is empty.`);
    return Buffer.from(content.subarray(0, length));
  } catch (error) {
    if (error instanceof SettingsError) throw error;
    const reason = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new SettingsError(`APPLE_PAY_DOMAIN_FILE "${file}" can't be read (${reason}).`);
  } finally {
    closeSync(fd);
  }
}

/** What a file that is not a regular one is, for the message. */
function fileKind(stats: Stats): string {
  if (stats.isDirectory()) return 'directory';
  if (stats.isFIFO()) return 'named pipe';
  if (stats.isSocket()) return 'socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'device';
  return 'special file';
}
