// `npm run mock-api` (serve) and `npm run mock-api:reset` (restore the demo data and exit).
import { resetData } from './db/store';
import { DEFAULT_DATA_DIR, createMockApi } from './server';
import { listening, readServerEnv } from './env';
import { operatorNotice } from './sharedDemo/operator';

/**
 * TRUST_PROXY as Express takes it: a hop count, or comma-separated addresses, CIDRs, `loopback`,
 * `uniquelocal` (Express refuses a bad one at the start). npm run preview and npm start read it with
 * the production server's parser (src/server/settings.ts), which the mock API does not import.
 */
function trustProxyOf(raw: string | undefined): false | number | string {
  const value = raw?.trim() ?? '';
  if (value === '') return false;
  return /^\d+$/.test(value) ? Number(value) : value;
}

async function main(): Promise<void> {
  const env = readServerEnv();
  const dataDir = env.mockDataDir ?? DEFAULT_DATA_DIR;
  if (process.argv.includes('--reset-only') || process.argv.includes('--reset')) {
    await resetData(dataDir);
    console.log(`Demo data restored in ${dataDir}`);
    if (process.argv.includes('--reset-only')) return;
  }
  const mockApi = await createMockApi({
    dataDir,
    guestToken: env.guestToken,
    allowedOrigins: [env.appOrigin],
    logger: env.requestLog ?? !process.env.CI,
    trustProxy: trustProxyOf(process.env.TRUST_PROXY),
  });
  const port = await listening(
    mockApi.app.listen(env.mockApiPort),
    env.mockApiPort,
    'MOCK_API_PORT',
  );
  console.log(`Mock API listening on http://localhost:${port}/api (data: ${dataDir})`);
  console.log(operatorNotice(mockApi));
}

// The message only: a refused start (a damaged data file, a missing setting) says what is wrong
// and what to do, and a stack trace would bury that.
main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
