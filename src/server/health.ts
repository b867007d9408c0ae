// What operators ask the server: is it alive (/healthz), should it be sent traffic (/readyz), and
// its figures in Prometheus text format (/metrics, on the metrics port only: app.ts). Never cached.
import type { RequestHandler } from 'express';
import type { ServerMetrics } from './metrics';
import type { Readiness } from './shutdown';

/** Probes and scrapes: not pages, and not guests' traffic either (src/server/main.ts). */
export const HEALTH_PATHS = {
  health: '/healthz',
  ready: '/readyz',
  metrics: '/metrics',
} as const;

export interface HealthHandlers {
  health: RequestHandler;
  ready: RequestHandler;
  metrics: RequestHandler;
}

export function createHealthHandlers(options: {
  metrics: ServerMetrics;
  readiness: Readiness;
}): HealthHandlers {
  const { metrics, readiness } = options;
  return {
    health: (_req, res) => {
      metrics.route(res, 'health');
      res.set('Cache-Control', 'no-store').json({ status: 'ok' });
    },
    ready: (_req, res, next) => {
      metrics.route(res, 'health');
      res.set('Cache-Control', 'no-store');
      if (readiness.shuttingDown()) {
        res.status(503).json({ status: 'shutting down' });
        return;
      }
      readiness
        .apiReachable()
        .then(
          (ready) =>
            res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'api unreachable' }),
          next,
        );
    },
    metrics: (_req, res, next) => {
      metrics.route(res, 'metrics');
      metrics.registry.metrics().then((text) => {
        res.set('Cache-Control', 'no-store').type(metrics.registry.contentType).send(text);
      }, next);
    },
  };
}
