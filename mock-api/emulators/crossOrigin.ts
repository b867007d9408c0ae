// The emulated third-party services (Branch, reCAPTCHA, Stripe) are cross-origin to every site that
// uses them, as the real ones are: any origin may call them; keys, not cookies, authenticate.
import type { RequestHandler } from 'express';

export function allowAnyOrigin(allowedHeaders: string[] = ['Content-Type']): RequestHandler {
  return (req, res, next) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (req.method === 'OPTIONS') {
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST');
      res.setHeader('Access-Control-Allow-Headers', allowedHeaders.join(', '));
      res.setHeader('Access-Control-Max-Age', '600');
      res.status(204).end();
      return;
    }
    next();
  };
}
