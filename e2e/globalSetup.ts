// Starts `npm run preview` (the production build + mock API) on a free port with a temp data dir.
import { startPreview } from '../scripts/serverProcess';

export default async function globalSetup() {
  const server = await startPreview('grati-e2e');
  process.env.E2E_BASE_URL = server.baseUrl;
  process.env.E2E_DATA_DIR = server.dataDir;
  return async () => server.stop();
}
