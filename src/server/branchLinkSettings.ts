// How the server asks Branch what a QR code's link opens (branchLinks.ts): read from the
// environment once at start and checked, so a bad value stops the start naming it. The key and
// the API are by default the build's own (__APP_CONFIG__, which dist-server/ carries as the page
// does): the server asks where, and as, the page would have asked.
import { getAppConfig, type AppConfig } from '../config/env';
import { BRANCH_RESOLVE_DEADLINE_MS, createBranchLinks, type BranchLinks } from './branchLinks';
import { SettingsError } from './settingsError';

export interface BranchLinkSettings {
  /** BRANCH_RESOLVE=on|off (on by default): off, every link is left to the browser, as before. */
  resolveLinks: boolean;
  /** BRANCH_KEY, else the build's; the one the page's branch-sdk sends. */
  branchKey: string;
  /** BRANCH_API_URL, else the build's (a path is on the API's origin), else Branch's own. */
  apiUrl: string;
  /** BRANCH_RESOLVE_MS: the deadline for Branch's whole answer. */
  deadlineMs: number;
}

/** Where branch-sdk 2.89 sends /v1/open unless told otherwise (setAPIUrl). */
export const BRANCH_API_ORIGIN = 'https://api2.branch.io';
export const MIN_BRANCH_RESOLVE_MS = 50;
export const MAX_BRANCH_RESOLVE_MS = 2000;

/** The only keys branch-sdk sends (and `npm run build:live` accepts). */
const BRANCH_KEY = /^key_(live|test)_[A-Za-z0-9]{32}$/;
/** Host names that are this machine: an API there is an emulator (scripts/webpack/appConfig.cjs). */
const LOCAL_HOSTS = /^(localhost|.*\.localhost|127(\.\d+){3}|0\.0\.0\.0|\[::1?\])$/i;

function parseApiUrl(raw: string, written: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SettingsError(
      `BRANCH_API_URL must be an absolute http or https URL, not "${written}".`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SettingsError(`BRANCH_API_URL must use http or https, not "${url.protocol}".`);
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new SettingsError(
      `BRANCH_API_URL must have no user name, password, query or fragment (${url.host}).`,
    );
  }
  return url.href.replace(/\/+$/, '');
}

/**
 * BRANCH_API_URL when set (empty: Branch's own, as for the build); else the build's
 * `branchApiUrl`, a path (the demo's emulator's) taken on the API's origin, where the
 * mock API serves it beside /api; else Branch's own.
 */
function readApiUrl(
  raw: string | undefined,
  built: string | undefined,
  apiBaseUrl: string,
): string {
  if (raw !== undefined) {
    return raw.trim() === '' ? BRANCH_API_ORIGIN : parseApiUrl(raw.trim(), raw);
  }
  const fromBuild = built?.trim();
  if (!fromBuild) return BRANCH_API_ORIGIN;
  return parseApiUrl(new URL(fromBuild, apiBaseUrl).href, fromBuild);
}

function readDeadline(raw: string | undefined): number {
  const value = raw?.trim() ?? '';
  if (value === '') return BRANCH_RESOLVE_DEADLINE_MS;
  const ms = Number(value);
  if (!/^\d+$/.test(value) || ms < MIN_BRANCH_RESOLVE_MS || ms > MAX_BRANCH_RESOLVE_MS) {
    throw new SettingsError(
      `BRANCH_RESOLVE_MS must be a whole number of milliseconds from ${MIN_BRANCH_RESOLVE_MS} to ${MAX_BRANCH_RESOLVE_MS}, not "${raw}".`,
    );
  }
  return ms;
}

/**
 * Reads and checks the settings; throws a SettingsError naming the first bad one. `build` is the
 * build's config (getAppConfig()); `apiBaseUrl` the server's checked API_BASE_URL. With
 * BRANCH_RESOLVE=off the key and the API are not checked: off is the way out when they are wrong.
 */
export function parseBranchLinkSettings(
  env: Record<string, string | undefined>,
  build: Pick<AppConfig, 'branchKey' | 'branchApiUrl'>,
  apiBaseUrl: string,
): BranchLinkSettings {
  const resolve = env.BRANCH_RESOLVE?.trim() ?? '';
  if (!['', 'on', 'off'].includes(resolve)) {
    throw new SettingsError(`BRANCH_RESOLVE must be on or off (or unset), not "${resolve}".`);
  }
  const deadlineMs = readDeadline(env.BRANCH_RESOLVE_MS);
  const branchKey = env.BRANCH_KEY?.trim() || build.branchKey.trim();
  if (resolve === 'off') {
    return { resolveLinks: false, branchKey, apiUrl: BRANCH_API_ORIGIN, deadlineMs };
  }
  if (!BRANCH_KEY.test(branchKey)) {
    const whose = env.BRANCH_KEY?.trim() ? 'BRANCH_KEY' : "The build's BRANCH_KEY";
    throw new SettingsError(
      `${whose} must be a Branch key (key_live_ or key_test_ and 32 letters or digits).`,
    );
  }
  if (env.BRANCH_KEY?.trim() && branchKey !== build.branchKey.trim()) {
    // The page falls back to its own key: links must mean the same to both.
    throw new SettingsError(
      "BRANCH_KEY must be the build's own (npm run build:live's BRANCH_KEY): the page asks Branch with that one.",
    );
  }
  const apiUrl = readApiUrl(env.BRANCH_API_URL, build.branchApiUrl, apiBaseUrl);
  if (branchKey.startsWith('key_live_') && LOCAL_HOSTS.test(new URL(apiUrl).hostname)) {
    throw new SettingsError(
      `BRANCH_API_URL points at this machine (${new URL(apiUrl).host}), an emulator: not with a live BRANCH_KEY.`,
    );
  }
  return { resolveLinks: true, branchKey, apiUrl, deadlineMs };
}

/** The settings for this build (its own __APP_CONFIG__): what `npm run serve` and the preview use. */
export const readBranchLinkSettings = (
  env: Record<string, string | undefined>,
  apiBaseUrl: string,
): BranchLinkSettings => parseBranchLinkSettings(env, getAppConfig(), apiBaseUrl);

/** The server's Branch client for these settings; without any, it resolves no link. */
export function createBranchLinksFor(settings: BranchLinkSettings | undefined): BranchLinks {
  if (!settings)
    return createBranchLinks({ branchKey: '', apiUrl: BRANCH_API_ORIGIN, enabled: false });
  const { branchKey, apiUrl, resolveLinks, deadlineMs } = settings;
  return createBranchLinks({ branchKey, apiUrl, enabled: resolveLinks, deadlineMs });
}
