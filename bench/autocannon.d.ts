// The part of autocannon 8's API the bench uses (the package ships no types).
declare module 'autocannon' {
  namespace autocannon {
    interface Options {
      url: string;
      connections?: number;
      duration?: number; // seconds
      method?: string;
      headers?: Record<string, string>;
      body?: string;
      warmup?: { connections?: number; duration?: number };
      requests?: Request[]; // each connection sends these in turn, over and over
    }
    type Request = { path?: string; setupRequest?: (request: Request) => Request };
    type Histogram = { average: number; max: number; p50: number; p99: number };
    type Result = Record<'connections' | 'duration' | 'errors' | 'timeouts' | 'non2xx', number> & {
      statusCodeStats: Record<string, { count: number }>;
      latency: Histogram & { totalCount: number };
      requests: Histogram;
    };
    // Awaited for its result; `stop` ends it early (without a warm-up only).
    type Instance = PromiseLike<Result> & { stop(): void };
  }
  function autocannon(options: autocannon.Options): autocannon.Instance;
  export = autocannon;
}
