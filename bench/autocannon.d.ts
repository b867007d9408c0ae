// The part of autocannon 8's API the bench uses (the package ships no types).
declare module 'autocannon' {
  namespace autocannon {
    interface Options {
      url: string;
      connections?: number;
      /** Seconds. */
      duration?: number;
      method?: string;
      headers?: Record<string, string>;
      body?: string;
      warmup?: { connections?: number; duration?: number };
      /** Each connection sends these in turn, over and over (autocannon's `requests`). */
      requests?: Request[];
    }
    /** One entry of `requests`: fields override the options; `setupRequest` may rewrite it. */
    interface Request {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      /** Called before each send of this entry; returns the request to send. */
      setupRequest?: (request: Request, context: Record<string, unknown>) => Request;
    }
    /** Latency in ms; requests and throughput per second. */
    interface Histogram {
      average: number;
      max: number;
      p50: number;
      p90: number;
      p99: number;
    }
    interface Result {
      connections: number;
      duration: number;
      errors: number;
      timeouts: number;
      non2xx: number;
      statusCodeStats: Record<string, { count: number }>;
      latency: Histogram & { totalCount: number };
      requests: Histogram;
    }
    /** A run under way: awaited for its result; `stop` ends it early (without a warm-up only). */
    interface Instance extends PromiseLike<Result> {
      stop(): void;
    }
  }
  function autocannon(options: autocannon.Options): autocannon.Instance;
  export = autocannon;
}
