// The mock API's answers carry the base security headers (the production server, src/server,
// sends the pages' own policy).
import type { RequestHandler } from 'express';
import { BASE_SECURITY_HEADERS } from '../src/api/contract/securityHeaders';

export const securityHeaders: RequestHandler = (_req, res, next) => {
  for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) res.setHeader(name, value);
  next();
};
