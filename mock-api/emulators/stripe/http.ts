// The router's plumbing: CORS and form bodies, Stripe's response headers, the API key on every
// call, idempotent POSTs, errors as Stripe's JSON bodies, and Stripe's 404 for unknown URLs.
import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import { allowAnyOrigin } from '../crossOrigin';
import { authenticate, type ApiKeys, type Auth } from './auth';
import { StripeError, invalidRequest } from './errors';
import { releaseEvents } from './events';
import { asFields, type Fields } from './fields';
import {
  IDEMPOTENCY_HEADER,
  REPLAYED_HEADER,
  type Serializer,
  createSerializer,
  runOnce,
} from '../../idempotency';
import { idempotentRequest, saveAnswer, stripeAnswers } from './idempotency';
import { newId } from './ids';
import type { Emit, StripeState } from './state';
import { API_VERSION } from './types';

export type Handler<T> = (req: Request, fields: Fields, auth: Auth) => T;
export type PostHandler = Handler<{ status?: number; body: unknown }>;

/** What a page of the emulator's own answers: HTML, or (no `html`) a redirect in `headers`. */
export interface PageAnswer {
  status: number;
  headers: Record<string, string>;
  html?: string;
}
/** `fields`: the query string of a GET, the form of a POST. */
export type PageHandler = (req: Request, fields: Fields) => PageAnswer;

/** How a POST's answer goes out. */
export interface PostOptions {
  /**
   * How long its answer waits (ms) once what it changed is stored and its events are out; a
   * replayed answer waits as long. Default none.
   */
  answerDelayMs?: (req: Request) => number;
}

/** What the endpoints are given: the state, where to report events, and how to add routes. */
export interface RouteContext {
  state: StripeState;
  /** The `emit` for the events a request causes (see events.ts). */
  emitFor: (cause: Request) => Emit;
  /** How long the answer to a confirmation of the intent `intentId` waits (../index.ts). */
  confirmationDelayMs: (intentId: string) => number;
  /** The site's origins besides this server's, a bank page may return to (challenges.ts). */
  siteOrigins: readonly string[];
  /** A POST, run once per Idempotency-Key (per API key), replaying the first answer after. */
  post(path: string, handler: PostHandler, options?: PostOptions): void;
  get(path: string, handler: Handler<unknown>): void;
  /**
   * A page of the emulator's own for a browser to open (Stripe's are on its other hosts): no API
   * key, its address or form carries what it needs. A POST's changes are stored, and its events
   * released, before the answer goes out, as for the API's POSTs.
   */
  page(method: 'get' | 'post', path: string, handler: PageHandler): void;
}

/**
 * Makes what a POST changed durable before it is answered (the mock API: its data file's
 * commit), as Stripe's answer means the change is stored. Default: nothing to wait for.
 */
export type Persist = () => Promise<void>;

export interface RouterHooks {
  persist?: Persist;
  /** See RouteContext; default none. */
  confirmationDelayMs?: (intentId: string) => number;
  /** See RouteContext; default none. */
  siteOrigins?: readonly string[];
}

export function stripeRouter(
  state: StripeState,
  keys: ApiKeys,
  emitFor: RouteContext['emitFor'],
  addRoutes: Array<(context: RouteContext) => void>,
  hooks: RouterHooks = {},
): Router {
  const persist = hooks.persist ?? (() => Promise.resolve());
  const router = Router();
  // Stripe.js's calls are CORS simple requests (a form body, the publishable key as a field): no
  // browser may send an Authorization header here, so none can present the secret key that way.
  router.use(allowAnyOrigin(['Content-Type']));
  router.use(express.urlencoded({ extended: true, limit: '100kb', parameterLimit: 1000 }));
  router.use((_req, res, next) => {
    res.setHeader('Request-Id', newId('req'));
    res.setHeader('Stripe-Version', API_VERSION);
    next();
  });
  // Requests under one Idempotency-Key (and API key) run one at a time, as the Grati routes' do.
  const serialized = createSerializer();
  const context: RouteContext = {
    state,
    emitFor,
    confirmationDelayMs: hooks.confirmationDelayMs ?? (() => 0),
    siteOrigins: hooks.siteOrigins ?? [],
    post: (path, handler, options = {}) =>
      router.post(path, postRoute(state, keys, handler, { persist, serialized, ...options })),
    get: (path, handler) => router.get(path, getRoute(keys, handler)),
    page: (method, path, handler) => router[method](path, pageRoute(method, handler, persist)),
  };
  for (const add of addRoutes) add(context);
  router.use(unrecognizedUrl);
  return router;
}

function postRoute(
  state: StripeState,
  keys: ApiKeys,
  handler: PostHandler,
  {
    persist,
    serialized,
    answerDelayMs,
  }: PostOptions & { persist: Persist; serialized: Serializer },
): RequestHandler {
  return async (req, res) => {
    const fields = asFields(req.body) ?? {};
    const waitToAnswer = async () => {
      const ms = answerDelayMs?.(req) ?? 0;
      if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
    };
    try {
      const auth = authenticate(req, fields, keys);
      const idempotent = idempotentRequest(req, fields, auth);
      // The endpoint ran (a 402 included): what it changed is stored before anyone is told
      // (its webhooks, then its caller, who may be kept waiting).
      const answer = async ({ status, body }: EndpointAnswer) => {
        await persist();
        releaseEvents(req);
        await waitToAnswer();
        res.status(status).json(body);
      };
      if (!idempotent) {
        await answer(runEndpoint(handler, req, fields, auth));
        return;
      }
      // Once per key: the endpoint's answer is kept (in the state) before the next retry looks.
      const outcome = await runOnce(serialized, stripeAnswers(state), idempotent, () => {
        const result = runEndpoint(handler, req, fields, auth);
        saveAnswer(state, idempotent, result.status, result.body);
        return result;
      });
      res.setHeader(IDEMPOTENCY_HEADER, idempotent.idempotencyKey);
      if (outcome.replayed) {
        res.setHeader(REPLAYED_HEADER, 'true');
        await waitToAnswer();
        res.status(outcome.answer.status).json(outcome.answer.body);
        return;
      }
      await answer(outcome.answer);
    } catch (error) {
      // Refused (or the store failed): whatever it reported still goes out, as before.
      releaseEvents(req);
      sendError(res, error);
    }
  };
}

/**
 * The endpoint's answer, a 402 included: Stripe saves the result of a request that reached the
 * endpoint, failures included, but not one refused before it (authentication, a malformed
 * request), which is thrown on, as is a refusal that must leave no trace (StripeError.kept).
 */
interface EndpointAnswer {
  status: number;
  body: unknown;
}

function runEndpoint(
  handler: PostHandler,
  req: Request,
  fields: Fields,
  auth: Auth,
): EndpointAnswer {
  try {
    const result = handler(req, fields, auth);
    return { status: result.status ?? 200, body: result.body };
  } catch (error) {
    if (!(error instanceof StripeError) || error.status !== 402 || !error.kept) throw error;
    return { status: error.status, body: { error: error.body } };
  }
}

function getRoute(keys: ApiKeys, handler: Handler<unknown>): RequestHandler {
  return (req, res) => {
    const fields = asFields(req.query) ?? {};
    try {
      const auth = authenticate(req, fields, keys);
      res.json(handler(req, fields, auth));
    } catch (error) {
      sendError(res, error);
    }
  };
}

function pageRoute(method: 'get' | 'post', handler: PageHandler, persist: Persist): RequestHandler {
  return async (req, res) => {
    const fields = asFields(method === 'post' ? req.body : req.query) ?? {};
    try {
      const answer = handler(req, fields);
      if (method === 'post') await persist();
      releaseEvents(req);
      res.status(answer.status).set(answer.headers);
      if (answer.html === undefined) res.end();
      else res.type('html').send(answer.html);
    } catch {
      // The page answers Stripe's errors itself: this is the emulator failing (or its store).
      releaseEvents(req);
      res
        .status(500)
        .type('text/plain')
        .send('An unexpected error occurred in the Stripe emulator.');
    }
  };
}

const unrecognizedUrl: RequestHandler = (req, res) => {
  sendError(
    res,
    invalidRequest(
      `Unrecognized request URL (${req.method}: ${req.originalUrl.split('?')[0]}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
      undefined,
      undefined,
      404,
    ),
  );
};

function sendError(res: Response, error: unknown): void {
  if (error instanceof StripeError) {
    res.status(error.status).json({ error: error.body });
    return;
  }
  res.status(500).json({
    error: { type: 'api_error', message: 'An unexpected error occurred in the Stripe emulator.' },
  });
}

/** This server's origin as the request reached it (for URLs the emulator hands out). */
export function originOf(req: Request): string {
  return `${req.protocol}://${req.get('host') ?? 'localhost'}`;
}
