// The production server's metrics, in Prometheus text format at /metrics (prom-client): requests
// by route and status with their durations, server render time, profile lookups by cache outcome,
// the image endpoint's answers by source and its pictures under way, QR codes' links by Branch's
// answer, and the process's own
// figures. One registry per server app, so tests can run several.
import type { RequestHandler, Response } from 'express';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** The routes requests are counted by (a fixed set: no label from a request's path). */
export type RouteLabel =
  'profile' | 'shell' | 'assets' | 'static' | 'images' | 'health' | 'metrics' | 'other';

export interface ServerMetrics {
  registry: Registry;
  middleware: RequestHandler;
  /** Names the route a response belongs to, for its request's labels. */
  route(res: Response, label: RouteLabel): void;
  renderSeconds: Histogram;
  lookups: Counter<'source'>;
  /** Image endpoint answers by source: hit (cache), shared (a resize under way), made, busy (503). */
  images: Counter<'source'>;
  /** Distinct pictures the image endpoint is fetching, resizing or waiting to. */
  imagesPending: Gauge;
  /** QR codes' links by what Branch answered (branchLinks.ts's LinkAnswer kind, and its reason). */
  branchLinks: Counter<'answer' | 'reason'>;
}

export function createServerMetrics(): ServerMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route and status.',
    labelNames,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route and status.',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const renderSeconds = new Histogram({
    name: 'ssr_render_duration_seconds',
    help: 'Time to render a profile page on the server (after its lookup).',
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25],
    registers: [registry],
  });
  const lookups = new Counter({
    name: 'profile_lookups_total',
    help: 'Profile lookups by source: hit (cache), coalesced, miss (API), fresh (no cache), failed.',
    labelNames: ['source'] as const,
    registers: [registry],
  });
  const images = new Counter({
    name: 'image_answers_total',
    help: 'Image endpoint answers by source: hit (cache), shared (a resize under way), made, busy; same-bytes: made for a new address whose bytes were resized already (no decode).',
    labelNames: ['source'] as const,
    registers: [registry],
  });
  const imagesPending = new Gauge({
    name: 'image_pictures_pending',
    help: 'Distinct pictures the image endpoint is fetching, resizing or waiting to.',
    registers: [registry],
  });
  const branchLinks = new Counter({
    name: 'branch_link_answers_total',
    help: "QR codes' links resolved by the server, by answer (profile, noProfile, failed, noAnswer) and reason (noAnswer's: off, busy, breakerOpen, deadline, unreachable, ...).",
    labelNames: ['answer', 'reason'] as const,
    registers: [registry],
  });
  const ROUTE = Symbol('route');
  type Labelled = Response & { [ROUTE]?: RouteLabel };

  const middleware: RequestHandler = (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const labels = {
        method: req.method === 'HEAD' ? 'HEAD' : req.method === 'GET' ? 'GET' : 'other',
        route: (res as Labelled)[ROUTE] ?? 'other',
        status: String(res.statusCode),
      };
      requests.inc(labels);
      durations.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
    });
    next();
  };

  return {
    registry,
    middleware,
    route: (res, label) => {
      (res as Labelled)[ROUTE] = label;
    },
    renderSeconds,
    lookups,
    images,
    imagesPending,
    branchLinks,
  };
}
