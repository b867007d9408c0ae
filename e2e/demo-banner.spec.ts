// `npm run preview` in a terminal (issue 52): once it answers, where to open the demo
// (scripts/demoBanner.ts) is the last thing it printed. `npm start`: any-address.spec.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { START_BUDGET_MS, bannerOf, printedOnceUp } from '../scripts/demoCommandTesting';
import { freePort } from '../scripts/serverProcess';

test('npm run preview prints where to open the demo last, the demo profiles too', async () => {
  test.setTimeout(START_BUDGET_MS + 30_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'grati-banner-'));
  try {
    const port = await freePort();
    const lines = await printedOnceUp(['run', 'preview'], { MOCK_DATA_DIR: dataDir }, port);
    const banner = bannerOf(lines, port);
    expect(banner.ending).toEqual(banner.expectedEnding);
    expect(banner.heading).toBe('Open it at:');
    expect(banner.buildOutput).toEqual([]);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
