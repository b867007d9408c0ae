// What only a demo build holds (the emulators' keys, addresses and scripts, the scenario panel):
// a live build must hold none of it (scripts/liveBuild.test.ts), and the demo build that the
// browser tests serve holds it (e2e/server.spec.ts), which shows the markers are real.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export const EMULATOR_MARKERS = [
  'pk_test_emulator',
  'emulator-site-key',
  'key_test_gratiDemoEmulatorKey',
  'demo-guest-token',
  'data-redirects', // the emulator redirect script's tag
  'emulator-redirects',
  '/__stripe/',
  '/__recaptcha/',
  '/__branch',
  'ScenarioPanel', // the scenario panel's modules and chunk
  'scenario-panel',
  'Loading scenarios',
];

/** Every file under `dir`, in its subfolders too. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

/**
 * The markers in the text files of a build (its dist/ and dist-server/ under `buildDir`), as
 * "dist/main.js: /__stripe/"; compressed copies, source maps and pictures aside.
 */
export function emulatorCodeIn(buildDir: string): string[] {
  const found: string[] = [];
  for (const folder of ['dist', 'dist-server']) {
    for (const file of filesUnder(path.join(buildDir, folder))) {
      if (/\.(gz|br|map|png|jpe?g|webp)$/.test(file)) continue;
      const text = readFileSync(file, 'utf8');
      for (const marker of EMULATOR_MARKERS) {
        if (text.includes(marker)) found.push(`${path.relative(buildDir, file)}: ${marker}`);
      }
    }
  }
  return found;
}
