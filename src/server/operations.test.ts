/** @jest-environment node */
// What operators see of the production server (createServerApp over real HTTP on free ports): its
// metrics on their own port only, and log lines without the secrets a URL can carry.
import pino from 'pino';
import type { TestServer } from './images/testing';
import { REDACTED } from '../api/contract/redact';
import { serverAppWith, tempBuild, testBuild } from './testing';

const build = testBuild(() => tempBuild('grati-operations-'));
let site: TestServer;
let metricsPort: TestServer;
let logged = '';

beforeAll(async () => {
  const { app, metricsApp } = serverAppWith(
    build.dir,
    {
      apiBaseUrl: 'http://127.0.0.1:9/api',
      mediaOrigins: ['http://127.0.0.1:9'],
      logLevel: 'info',
    },
    {
      lookup: {
        lookup: async () => ({
          answer: { status: 404, body: '{"error":"not_found","message":"No such user"}' },
          source: 'miss',
        }),
        reachable: async () => true,
      },
      // Everything the server logs, as it would reach stdout.
      logger: pino({ level: 'info' }, { write: (line: string) => void (logged += line) }),
    },
  );
  site = await build.serve(app);
  metricsPort = await build.serve(metricsApp);
});

it('serves /metrics on the metrics port and not on the public one', async () => {
  await (await fetch(`${site.origin}/user_profile/ava`)).text();
  const publicMetrics = await fetch(`${site.origin}/metrics`);
  expect(publicMetrics.status).toBe(404);
  expect(await publicMetrics.text()).not.toContain('http_requests_total');

  const metrics = await fetch(`${metricsPort.origin}/metrics`);
  expect(metrics.status).toBe(200);
  expect(metrics.headers.get('cache-control')).toBe('no-store');
  const text = await metrics.text();
  // The public port's requests are counted, its /metrics like any address not found.
  expect(text).toMatch(/profile_lookups_total\{source="miss"\} 1/);
  expect(text).toMatch(/http_requests_total\{method="GET",route="other",status="404"\} 1/);
  expect(text).not.toContain('route="metrics"');
  // The metrics port serves nothing else.
  expect((await fetch(`${metricsPort.origin}/user_profile/ava`)).status).toBe(404);
});

it("logs the address Stripe sends a guest back to without the payment's client secret", async () => {
  logged = '';
  const address =
    '/user_profile/ava?payment_intent=pi_123&payment_intent_client_secret=pi_123_secret_abc&redirect_status=succeeded';
  await (await fetch(`${site.origin}${address}`)).text();
  await (
    await fetch(
      `${site.origin}/user_profile/ava?token=tok_1&Setup_Intent_Client_Secret=seti_9_secret_x`,
    )
  ).text();
  expect(logged).toContain('redirect_status=succeeded');
  expect(logged).toContain(`payment_intent_client_secret=${REDACTED}`);
  for (const secret of ['pi_123_secret_abc', 'tok_1', 'seti_9_secret_x']) {
    expect(logged).not.toContain(secret);
  }
});
