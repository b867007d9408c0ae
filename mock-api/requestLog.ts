// The mock API's request log: one line per answer, as morgan's `dev` format has it (method, URL,
// status, time, size), but with the URL's secrets redacted by the production server's own rule
// (src/api/contract/redact.ts): the Stripe.js emulator retrieves an intent with its
// `client_secret` in the query, and a demo's console is read by whoever runs it.
import type { Request, RequestHandler, Response } from 'express';
import morgan from 'morgan';
import { redactUrl } from '../src/api/contract/redact';

/** Where the log's lines go: standard output unless a test listens. */
export type LogLine = (line: string) => void;

const writeToStdout: LogLine = (line) => process.stdout.write(line);

export function requestLog(write: LogLine = writeToStdout): RequestHandler {
  return morgan<Request, Response>(
    (tokens, req, res) =>
      [
        req.method,
        // originalUrl: the address as the client asked it, mount path included.
        redactUrl(req.originalUrl),
        tokens.status?.(req, res) ?? '-',
        `${tokens['response-time']?.(req, res) ?? '-'} ms`,
        '-',
        tokens.res?.(req, res, 'content-length') ?? '-',
      ].join(' '),
    { stream: { write } },
  );
}
