// How the server answers what went wrong: a page's error as a small page of its own (or, for a
// failure on our side, the error screen in the site's frame), anything else's as JSON. No stack
// and no path of ours is ever shown.
import type { ErrorRequestHandler, Request, Response } from 'express';
import { isNotPage } from './addresses';

/** An error whose message is ours to show, with its status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c,
  );

/** A small page for an error on a page route: no stack, no path of ours. */
function errorPage(status: number, message: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${status} | Grati</title></head><body><main><h1>${escapeHtml(message)}</h1>` +
    `<p><a href="/">Go to Grati</a></p></main></body></html>`
  );
}

const isErrorStatus = (value: unknown): value is number =>
  typeof value === 'number' && value >= 400 && value < 600;

function statusOf(error: unknown): number {
  const raw = error as { status?: unknown; statusCode?: unknown };
  if (error instanceof URIError) return 400;
  if (isErrorStatus(raw.status)) return raw.status;
  if (isErrorStatus(raw.statusCode)) return raw.statusCode;
  return 500;
}

/** Only our own messages are shown; anything else says what its status says. */
function messageOf(error: unknown, status: number): string {
  if (error instanceof HttpError) return error.message;
  if (status === 400) return 'Bad request';
  if (status === 404) return 'Not found';
  return status < 500 ? 'Request refused' : 'Something went wrong';
}

/** The last handler: every error of every route ends here. */
export function handleErrors(sendErrorPage: (res: Response) => Promise<void>): ErrorRequestHandler {
  return (error: unknown, req: Request, res: Response, _next) => {
    const status = statusOf(error);
    if (status >= 500) req.log.error({ err: error }, 'request failed');
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const message = messageOf(error, status);
    res.status(status).set('Cache-Control', 'no-store');
    if (status === 405) res.set('Allow', 'GET, HEAD');
    // Pages answer in HTML (unless the caller asks for JSON only); everything else in JSON.
    if (!isNotPage(req.path) && req.accepts(['html', 'json']) === 'html') {
      // A page that failed on our side shows the error screen in the site's frame.
      if (status === 500) void sendErrorPage(res);
      else res.type('html').send(errorPage(status, message));
    } else {
      res.json({ status, message });
    }
  };
}
