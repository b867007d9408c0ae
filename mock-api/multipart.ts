// Multipart bodies under hard limits (busboy): fields into a map, files streamed into temporary
// dot-files in the uploads folder, each hashed and sniffed. Shared by the gratitude and payment
// routes (a review sent with a payment carries the same media).
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream, promises as fs } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import path from 'node:path';
import busboy from 'busboy';
import type { Request, Response } from 'express';
import { CLUSTER_UNITS } from '../src/api/contract/characters';
import {
  MAX_IMAGES,
  MAX_SAY_THANKS_LENGTH,
  MAX_VIDEO_BYTES,
  MESSAGE_IMAGE_SIZE,
  MESSAGE_TOO_MANY_IMAGES,
  MESSAGE_UNSUPPORTED_FORMAT,
  MESSAGE_VIDEO_LIMITS,
  isImageType,
  isVideoType,
  type MediaType,
} from '../src/api/contract/limits';
import { HttpError, badRequest } from './http';
import { SNIFF_BYTES, sniffMediaType } from './mediaSniff';

/** Parser limits: anything past them is cut off before it is read in full. */
const LIMITS = {
  fileSize: MAX_VIDEO_BYTES + 1,
  // 5 images + slack, so 6 images reach the count rule and its message.
  files: MAX_IMAGES + 2,
  fields: 40,
  // The longest Say thanks the rule takes, in UTF-8: 250 characters of at most CLUSTER_UNITS
  // UTF-16 units each (src/api/contract/characters.ts), at most 3 bytes a unit.
  fieldSize: MAX_SAY_THANKS_LENGTH * CLUSTER_UNITS * 3,
  fieldNameSize: 100,
  parts: 50,
};

export interface UploadedFile {
  field: 'media' | 'thumbnail';
  tempPath: string;
  /** Bytes received (up to the parser's limit). */
  size: number;
  head: Buffer;
  sha256: string;
  /** The file went past the parser's file size limit. */
  truncated: boolean;
  type: MediaType | null;
}

export interface ParsedForm {
  fields: Map<string, string>;
  files: UploadedFile[];
}

/**
 * Streams the multipart body: fields into a map, each file into a temporary file in the
 * uploads folder under a random dot-name (static serving ignores dotfiles). The client's file
 * names are never used. On any failure every temporary file is deleted before rejecting.
 */
const NAMELESS_PART = 'Every part of the form needs a name.';

export async function parseForm(req: Request, uploadsDir: string): Promise<ParsedForm> {
  if (!req.is('multipart/form-data')) {
    throw new HttpError(400, 'invalid_body', 'The body must be multipart/form-data.');
  }
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: req.headers, limits: LIMITS });
  } catch {
    throw new HttpError(400, 'invalid_body', 'The multipart Content-Type has no boundary.');
  }

  const fields = new Map<string, string>();
  const files: UploadedFile[] = [];
  const writes: Promise<void>[] = [];
  /** Files still being written: on a stop both ends are destroyed. */
  const open = new Set<{ destroy(): void }>();
  let failure: HttpError | null = null;

  const parsed = new Promise<void>((resolve) => {
    /** Stops reading the request at once: the answer is already known. */
    const stop = (error: HttpError) => {
      failure ??= error;
      req.unpipe(parser);
      req.resume();
      for (const writing of open) writing.destroy();
      resolve();
    };

    parser.on('field', (name: string | undefined, value, info) => {
      if (failure) return;
      if (!name) {
        stop(badRequest('body', NAMELESS_PART));
      } else if (info.nameTruncated || info.valueTruncated) {
        stop(badRequest(name, `${name} is too long.`));
      } else if (fields.has(name)) {
        stop(badRequest(name, `${name} must be given once.`));
      } else {
        fields.set(name, value);
      }
    });

    parser.on('file', (name: string | undefined, stream) => {
      if (failure) {
        stream.resume();
        return;
      }
      if (!name) {
        stream.resume();
        stop(badRequest('body', NAMELESS_PART));
        return;
      }
      if (name !== 'media' && name !== 'thumbnail') {
        stream.resume();
        stop(badRequest(name, `${name} is not a file field; send files as "media".`));
        return;
      }
      const file: UploadedFile = {
        field: name,
        tempPath: path.join(uploadsDir, `.upload-${randomUUID()}`),
        size: 0,
        head: Buffer.alloc(0),
        sha256: '',
        truncated: false,
        type: null,
      };
      files.push(file);
      const out = createWriteStream(file.tempPath, { flags: 'wx' });
      const writing = {
        destroy: () => {
          stream.destroy();
          out.destroy();
        },
      };
      open.add(writing);
      const hash = createHash('sha256');
      stream.on('data', (chunk: Buffer) => {
        if (file.head.length < SNIFF_BYTES) {
          file.head = Buffer.concat([file.head, chunk.subarray(0, SNIFF_BYTES - file.head.length)]);
        }
        file.size += chunk.length;
        hash.update(chunk);
      });
      stream.on('limit', () => {
        file.truncated = true;
        file.type = sniffMediaType(file.head);
        stop(oversize(file.type));
      });
      writes.push(
        new Promise<void>((resolve, reject) => {
          // Settled only once the file is closed: a write stream destroyed before it opened
          // still creates its file when the open completes, and only then may it be deleted.
          // (A pipeline whose ends are destroyed mid-way may not settle at all: then the close
          // alone decides.)
          let outcome: { error: Error | null } | null = null;
          let closed = false;
          const settle = () => {
            if (!closed || !outcome) return;
            if (outcome.error) reject(outcome.error);
            else resolve();
          };
          pipeline(stream, out).then(
            () => {
              open.delete(writing);
              file.sha256 = hash.digest('hex');
              file.type = sniffMediaType(file.head);
              outcome ??= { error: null };
              settle();
            },
            (error: unknown) => {
              outcome ??= { error: error instanceof Error ? error : new Error(String(error)) };
              settle();
            },
          );
          out.once('close', () => {
            closed = true;
            if (!out.writableFinished) outcome ??= { error: new Error('The upload was cut off.') };
            settle();
          });
        }),
      );
    });

    parser.on('filesLimit', () => stop(badRequest('media', MESSAGE_TOO_MANY_IMAGES)));
    parser.on('fieldsLimit', () => stop(badRequest('body', 'The form has too many fields.')));
    parser.on('partsLimit', () => stop(badRequest('body', 'The form has too many parts.')));
    parser.on('error', () =>
      stop(new HttpError(400, 'invalid_body', 'The multipart body is malformed.')),
    );
    parser.on('close', () => resolve());
    req.on('aborted', () =>
      stop(new HttpError(400, 'invalid_body', 'The request was aborted by the client.')),
    );
  });

  req.pipe(parser);
  await parsed;
  const settled = await Promise.allSettled(writes);
  const writeFailed = settled.find((s) => s.status === 'rejected');
  if (!failure && writeFailed) {
    failure = new HttpError(400, 'invalid_body', 'The upload ended before its files did.');
  }
  if (failure) {
    await removeFiles(files.map((f) => f.tempPath));
    throw failure;
  }
  return { fields, files };
}

function oversize(type: MediaType | null): HttpError {
  if (type && isImageType(type))
    return new HttpError(413, 'too_large', MESSAGE_IMAGE_SIZE, 'media');
  if (type && isVideoType(type))
    return new HttpError(413, 'too_large', MESSAGE_VIDEO_LIMITS, 'media');
  return new HttpError(413, 'too_large', MESSAGE_UNSUPPORTED_FORMAT, 'media');
}

/**
 * The same submission hashes the same: fields in name order (but those `leftOut`), then each
 * file's content.
 */
export function hashForm(
  endpoint: string,
  form: ParsedForm,
  leftOut: readonly string[] = [],
): string {
  const fields = [...form.fields.entries()]
    .filter(([name]) => !leftOut.includes(name))
    .sort(([a], [b]) => a.localeCompare(b));
  const files = form.files.map((f) => [f.field, f.size, f.sha256]);
  return createHash('sha256').update(JSON.stringify({ endpoint, fields, files })).digest('hex');
}

export async function removeFiles(paths: string[]): Promise<void> {
  await Promise.all(paths.map((p) => fs.rm(p, { force: true })));
}

/**
 * Parses the request's form and hands it to `use`; the temporary files are gone before this
 * returns, so none outlives its request. A form cut off early closes the connection instead of
 * reading the rest of the body.
 */
export async function withParsedForm<T>(
  req: Request,
  res: Response,
  uploadsDir: string,
  use: (form: ParsedForm) => Promise<T>,
): Promise<T> {
  let form: ParsedForm;
  try {
    form = await parseForm(req, uploadsDir);
  } catch (error) {
    res.setHeader('Connection', 'close');
    throw error;
  }
  try {
    return await use(form);
  } finally {
    await removeFiles(form.files.map((f) => f.tempPath));
  }
}
