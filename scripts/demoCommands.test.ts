// What `npm start`, `npm run preview` and `npm run mock-api` print, run as real processes: a taken
// port is one line naming its setting. The banner printed last once up: e2e/any-address.spec.ts
// (npm start, whose dev build that test makes anyway) and e2e/demo-banner.spec.ts (preview).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { START_BUDGET_MS, npm, occupy } from './demoCommandTesting';
import { freePort } from './serverProcess';

describe('a taken port', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'grati-taken-port-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it.each([
    ['npm start', 'PORT', ['start']],
    ['npm start', 'MOCK_API_PORT', ['start']],
    ['npm run preview', 'PORT', ['run', 'preview']],
    ['npm run mock-api', 'MOCK_API_PORT', ['run', 'mock-api']],
  ])(
    '%s with %s taken says so in one line naming the setting, and fails',
    async (_name, setting, args) => {
      const taken = await freePort();
      const holder = await occupy(taken);
      try {
        const ports = { PORT: String(await freePort()), MOCK_API_PORT: String(await freePort()) };
        const command = npm(args, { ...ports, [setting]: String(taken), MOCK_DATA_DIR: dataDir });
        const code = await command.closed;
        expect(code).not.toBe(0);
        const lines = command.stderr().trim().split('\n');
        expect(lines).toHaveLength(1);
        expect(lines[0]).toMatch(new RegExp(`\\bport ${taken} is in use; set ${setting}\\b`));
        expect(command.stderr()).not.toMatch(/^\s+at /m);
      } finally {
        holder.close();
      }
    },
    START_BUDGET_MS,
  );
});
