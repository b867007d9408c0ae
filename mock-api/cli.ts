// `npm run mock-api` (serve) and `npm run mock-api:reset` (restore the demo data and exit).
import { resetData } from './db/store';
import { DEFAULT_DATA_DIR, createMockApi } from './server';
import { readServerEnv } from './env';
import { operatorNotice } from './operator';

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
  });
  const server = mockApi.app.listen(env.mockApiPort, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : env.mockApiPort;
    console.log(`Mock API listening on http://localhost:${port}/api (data: ${dataDir})`);
    console.log(operatorNotice(mockApi));
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
