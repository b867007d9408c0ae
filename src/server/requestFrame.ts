// What every request goes through before a route answers it: a log line with an id of ours, the
// security headers, a refusal of anything but reading, and compression of what is compressed as
// it goes.
import { randomUUID } from 'node:crypto';
import { constants as zlibConstants } from 'node:zlib';
import compression from 'compression';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { decodeSegment, isNotPage } from './addresses';
import { HttpError } from './errors';
import { SERVER_SECURITY_HEADERS, STRICT_TRANSPORT_SECURITY } from './pagePolicy';
import { redactUrl } from '../api/contract/redact';

/**
 * One line per request: its id, method, URL (its secrets redacted: redact.ts) and status, at a
 * level its status calls for.
 */
export function logRequests(logger: Logger): RequestHandler {
  return pinoHttp({
    logger,
    // Our own id for every request; a caller's X-Request-Id is not trusted.
    genReqId: (_req, res) => {
      const id = randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    customLogLevel: (_req, res, error) =>
      error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        url: redactUrl(req.url),
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  });
}

/**
 * The security headers on every answer, and HSTS on those over HTTPS: `req.secure` is this
 * server's own TLS, or `X-Forwarded-Proto: https` from a proxy TRUST_PROXY names (never a
 * client's word for it).
 */
export const securityHeaders: RequestHandler = (req, res, next) => {
  for (const [name, value] of Object.entries(SERVER_SECURITY_HEADERS)) res.setHeader(name, value);
  if (req.secure) res.setHeader('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
  next();
};

/**
 * Only reading here: anything else is not ours to take (and no body is ever read). A file's
 * address whose escapes are malformed is refused before any handler decodes it; a page's is
 * answered by the app (a profile that cannot exist, a page not found), in the site's frame.
 * The page handlers never let Express decode a path (no route parameters).
 */
export const onlyReading: RequestHandler = (req, _res, next) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    next(new HttpError(405, 'Method not allowed'));
  } else if (isNotPage(req.path) && decodeSegment(req.path) === null) {
    next(new HttpError(400, 'This address is not valid.'));
  } else {
    next();
  }
};

/**
 * Answers (the shell, JSON) are compressed as they go, unless they already are: the build's text
 * files were compressed at build time, a rendered profile page when it was rendered (pageCache.ts).
 */
export function compressAsItGoes(): RequestHandler {
  return compression({
    threshold: 1024,
    // A page is tens of KB: a 256 KB window (not brotli's 4 MB) serves as well and keeps each
    // response's encoder small, so memory comes back down after a burst.
    brotli: { params: { [zlibConstants.BROTLI_PARAM_LGWIN]: 18 } },
  });
}
