/** @jest-environment node */
import type { AppConfig } from '../config/env';
import {
  BRANCH_API_ORIGIN,
  MAX_BRANCH_RESOLVE_MS,
  MIN_BRANCH_RESOLVE_MS,
  createBranchLinksFor,
  parseBranchLinkSettings,
  readBranchLinkSettings,
} from './branchLinkSettings';
import { BRANCH_RESOLVE_DEADLINE_MS } from './branchLinks';
import { SettingsError } from './settingsError';
import { setServerBuildConfig } from './testing';

const TEST_KEY = 'key_test_gratiDemoEmulatorKey000000000000';
const LIVE_KEY = 'key_live_abcdefghijklmnopqrstuvwxyz012345';
const API = 'http://127.0.0.1:4100/api';
/** The demo build's config (scripts/webpack/appConfig.cjs) and a live build's. */
const demoBuild = { branchKey: TEST_KEY, branchApiUrl: '/__branch' };
const liveBuild = { branchKey: LIVE_KEY };

const parse = (
  env: Record<string, string | undefined>,
  build: Pick<AppConfig, 'branchKey' | 'branchApiUrl'> = liveBuild,
  api = API,
) => parseBranchLinkSettings(env, build, api);

describe('parseBranchLinkSettings', () => {
  it("asks as the live build's page does by default: its key, Branch's API, 300 ms", () => {
    expect(parse({}, liveBuild, 'https://api.grati.example/api')).toEqual({
      resolveLinks: true,
      branchKey: LIVE_KEY,
      apiUrl: BRANCH_API_ORIGIN,
      deadlineMs: BRANCH_RESOLVE_DEADLINE_MS,
    });
    expect(BRANCH_API_ORIGIN).toBe('https://api2.branch.io');
    expect(BRANCH_RESOLVE_DEADLINE_MS).toBe(300);
  });

  it("takes the demo build's emulator path on the API's origin, where the mock API serves it", () => {
    expect(parse({}, demoBuild)).toMatchObject({
      branchKey: TEST_KEY,
      apiUrl: 'http://127.0.0.1:4100/__branch',
    });
    expect(parse({}, { ...demoBuild, branchApiUrl: 'http://branch.test:9000/x/' }).apiUrl).toBe(
      'http://branch.test:9000/x',
    );
  });

  it('takes BRANCH_API_URL over the build, empty meaning Branch itself', () => {
    expect(
      parse({ BRANCH_API_URL: ' http://emulator.test:3000/__branch/ ' }, demoBuild).apiUrl,
    ).toBe('http://emulator.test:3000/__branch');
    expect(parse({ BRANCH_API_URL: '' }, demoBuild).apiUrl).toBe(BRANCH_API_ORIGIN);
    for (const bad of [
      '/__branch',
      'ftp://branch.test',
      'https://u:p@branch.test',
      'https://b.test/?k=1',
    ]) {
      expect(() => parse({ BRANCH_API_URL: bad }, demoBuild)).toThrow(/^BRANCH_API_URL must/);
    }
  });

  it('reads BRANCH_RESOLVE=on|off; off starts even with a bad key', () => {
    expect(parse({ BRANCH_RESOLVE: 'on' }).resolveLinks).toBe(true);
    expect(parse({ BRANCH_RESOLVE: ' off ' }).resolveLinks).toBe(false);
    expect(parse({ BRANCH_RESOLVE: 'off' }, { branchKey: 'key_test_server' }).resolveLinks).toBe(
      false,
    );
    for (const bad of ['1', 'true', 'OFF', 'no']) {
      expect(() => parse({ BRANCH_RESOLVE: bad })).toThrow(
        `BRANCH_RESOLVE must be on or off (or unset), not "${bad}".`,
      );
    }
  });

  it(`reads BRANCH_RESOLVE_MS from ${MIN_BRANCH_RESOLVE_MS} to ${MAX_BRANCH_RESOLVE_MS}, refusing others with a SettingsError (which stops the start)`, () => {
    expect(parse({ BRANCH_RESOLVE_MS: String(MIN_BRANCH_RESOLVE_MS) }).deadlineMs).toBe(50);
    expect(parse({ BRANCH_RESOLVE_MS: String(MAX_BRANCH_RESOLVE_MS) }).deadlineMs).toBe(2000);
    for (const bad of ['49', '2001', '300ms', '1e3', '-300', '0.5', 'x']) {
      expect(() => parse({ BRANCH_RESOLVE_MS: bad })).toThrow(/^BRANCH_RESOLVE_MS must be/);
      expect(() => parse({ BRANCH_RESOLVE_MS: bad })).toThrow(SettingsError);
    }
  });

  it("refuses a key branch-sdk would never send, naming the build's when it is that one", () => {
    expect(() => parse({ BRANCH_KEY: 'key_test_short' }, demoBuild)).toThrow(
      /^BRANCH_KEY must be a Branch key/,
    );
    expect(() => parse({}, { branchKey: 'key_test_server' })).toThrow(
      /^The build's BRANCH_KEY must be a Branch key/,
    );
  });

  it("refuses a BRANCH_KEY other than the build's: the page falls back to the build's", () => {
    expect(parse({ BRANCH_KEY: ` ${LIVE_KEY} ` }).branchKey).toBe(LIVE_KEY);
    expect(() => parse({ BRANCH_KEY: TEST_KEY })).toThrow(/^BRANCH_KEY must be the build's own/);
  });

  it('refuses a live key with an API on this machine (an emulator), as build:live does', () => {
    for (const url of ['http://localhost:4100/__branch', 'http://127.0.0.1:4100/__branch']) {
      expect(() => parse({ BRANCH_API_URL: url })).toThrow(
        /points at this machine.*live BRANCH_KEY/,
      );
    }
    expect(parse({ BRANCH_API_URL: 'http://localhost:4100/__branch' }, demoBuild).apiUrl).toBe(
      'http://localhost:4100/__branch',
    );
  });
});

describe('the server as started (readBranchLinkSettings, createBranchLinksFor)', () => {
  it("reads the build's own config, as the page has it", () => {
    setServerBuildConfig(demoBuild);
    expect(readBranchLinkSettings({}, API)).toEqual({
      resolveLinks: true,
      branchKey: TEST_KEY,
      apiUrl: 'http://127.0.0.1:4100/__branch',
      deadlineMs: BRANCH_RESOLVE_DEADLINE_MS,
    });
  });

  it('resolves no link without settings, and asks no one', async () => {
    for (const settings of [undefined, parse({ BRANCH_RESOLVE: 'off' }, demoBuild)]) {
      await expect(createBranchLinksFor(settings).resolve('qr-ava')).resolves.toEqual({
        kind: 'noAnswer',
        reason: 'off',
      });
    }
  });
});
