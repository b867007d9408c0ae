/** @jest-environment node */
// HSTS only when a trusted proxy (TRUST_PROXY) says the request came over HTTPS: never over plain
// HTTP, and never because a client claims it did.
import type { TestServer } from './images/testing';
import type { TrustProxy } from './settings';
import { serverAppWith, tempBuild, testBuild } from './testing';

const build = testBuild(() => tempBuild('grati-hsts-'));

/** The production server with this TRUST_PROXY, reached on 127.0.0.1 (the proxy's address). */
async function serverTrusting(trustProxy: TrustProxy): Promise<TestServer> {
  const { app } = serverAppWith(
    build.dir,
    { apiBaseUrl: 'http://127.0.0.1:9/api', mediaOrigins: ['http://127.0.0.1:9'], trustProxy },
    {
      lookup: {
        lookup: async () => ({ answer: { status: 404, body: '{}' }, source: 'miss' }),
        reachable: async () => true,
      },
    },
  );
  return build.serve(app);
}

const PATHS = ['/healthz', '/', '/user_profile/nobody', '/assets/missing.js'];

async function headersOf(server: TestServer, requestPath: string, headers: HeadersInit = {}) {
  const answer = await fetch(`${server.origin}${requestPath}`, { headers });
  await answer.arrayBuffer();
  return answer.headers;
}

it.each(PATHS)(
  'sends HSTS on %s when a trusted proxy says it came over HTTPS, and the other headers always',
  async (requestPath) => {
    const server = await serverTrusting(['loopback']);
    const https = await headersOf(server, requestPath, { 'X-Forwarded-Proto': 'https' });
    expect(https.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    const http = await headersOf(server, requestPath, { 'X-Forwarded-Proto': 'http' });
    expect(http.get('strict-transport-security')).toBeNull();
    const direct = await headersOf(server, requestPath);
    expect(direct.get('strict-transport-security')).toBeNull();
    for (const answer of [https, http, direct]) {
      expect(answer.get('x-content-type-options')).toBe('nosniff');
      expect(answer.get('x-frame-options')).toBe('DENY');
      expect(answer.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
  },
);

it('sends no HSTS over plain HTTP, whatever a client it does not trust claims', async () => {
  // Unset TRUST_PROXY (the default), and a proxy list that is not this client's address.
  for (const trustProxy of [false, ['10.0.0.0/8']] satisfies TrustProxy[]) {
    const server = await serverTrusting(trustProxy);
    for (const requestPath of PATHS) {
      const plain = await headersOf(server, requestPath);
      expect(plain.get('strict-transport-security')).toBeNull();
      const forged = await headersOf(server, requestPath, {
        'X-Forwarded-Proto': 'https',
        'X-Forwarded-For': '10.0.0.1',
      });
      expect(forged.get('strict-transport-security')).toBeNull();
      expect(forged.get('x-content-type-options')).toBe('nosniff');
    }
  }
});

// A client that sent its own X-Forwarded-Proto (first), then what each proxy appended.
it.each([
  // nginx on loopback, appending: the client's word ("https") is not believed.
  [['loopback'], '203.0.113.9', 'https, http', false],
  [['loopback'], '203.0.113.9', 'http, https', true],
  [1, '203.0.113.9', 'https, http', false],
  [1, '203.0.113.9', 'http, https', true],
  // An ingress (10.0.0.2) and nginx, both appending: the ingress's entry says how the client came.
  [['loopback', '10.0.0.0/8'], '203.0.113.9, 10.0.0.2', 'https, http, https', false],
  [['loopback', '10.0.0.0/8'], '203.0.113.9, 10.0.0.2', 'http, https, http', true],
  [2, '203.0.113.9, 10.0.0.2', 'http, https, http', true],
  // A proxy that replaced the header: every entry left is a proxy's.
  [['loopback', '10.0.0.0/8'], '203.0.113.9, 10.0.0.2', 'https', true],
  // An address of X-Forwarded-For that is not a proxy of ours ends the count there.
  [['loopback'], '10.0.0.2', 'https, http', false],
] as const)(
  'behind proxies that append: TRUST_PROXY %j, X-Forwarded-For %j, X-Forwarded-Proto %j: HTTPS is %j',
  async (trustProxy, forwardedFor, forwardedProto, https) => {
    const server = await serverTrusting(
      typeof trustProxy === 'number' ? trustProxy : [...trustProxy],
    );
    const headers = await headersOf(server, '/healthz', {
      'X-Forwarded-For': forwardedFor,
      'X-Forwarded-Proto': forwardedProto,
    });
    expect(headers.get('strict-transport-security') !== null).toBe(https);
  },
);
