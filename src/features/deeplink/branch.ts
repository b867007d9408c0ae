// The only importer of branch-sdk: the deep-link session in the app's own words.
//
// Grati's Branch links (the QR codes) carry the profile id in their link data under the custom
// key `dynamicKey` (DYNAMIC_KEY); the mock API's emulator answers with the same shape.
import type { BranchSdk } from 'branch-sdk';
import { lazyModule } from '../../loading/lazyModule';

export const DYNAMIC_KEY = 'dynamicKey';

export interface DeepLinkOptions {
  branchKey: string;
  /** A Branch-compatible API (the mock API's emulator), absolute or a path; absent: Branch. */
  apiUrl?: string;
  /**
   * The opening link's click id when the address no longer carries it (the server resolved the
   * link and put the profile's address in place): Branch's `branch_match_id` init option.
   */
  clickId?: string | undefined;
}

export interface DeepLinkSession {
  /** The profile id the opening link carries, or null when there is none. */
  dynamicKey: string | null;
}

let session: Promise<DeepLinkSession> | undefined;

/**
 * Starts the Branch session (branch.init) once per page load; later calls share its outcome.
 * Rejects when initialisation fails.
 */
export function initDeepLinks(options: DeepLinkOptions): Promise<DeepLinkSession> {
  session ??= startSession(options);
  return session;
}

// In the adapter's own chunk: the SDK comes with it, never in the first load.
const branchSdk = lazyModule('branch', () => import(/* webpackChunkName: "branch" */ 'branch-sdk'));

async function startSession({
  branchKey,
  apiUrl,
  clickId,
}: DeepLinkOptions): Promise<DeepLinkSession> {
  // branch-sdk touches `window` as it loads, so it loads here, in the browser, on first use.
  const branch: BranchSdk = (await branchSdk.load()).default;
  if (apiUrl) {
    const url = toBranchApiUrl(apiUrl, globalThis.location.origin);
    branch.setAPIUrl(url);
    // setAPIUrl only logs a refused URL and keeps the real API: never send this key there.
    if (branch.getAPIUrl() !== url) throw new Error(`branch-sdk refused the API URL ${url}.`);
  }
  return new Promise((resolve, reject) => {
    branch.init(branchKey, clickId ? { branch_match_id: clickId } : {}, (error, data) => {
      if (error) reject(error);
      else resolve({ dynamicKey: readDynamicKey(data?.data_parsed) });
    });
  });
}

/**
 * The API URL as branch-sdk's setAPIUrl accepts it: absolute, no trailing slash, and with a
 * dotted host or an IPv4 address, so the loopback name `localhost` is given as 127.0.0.1.
 */
export function toBranchApiUrl(apiUrl: string, origin: string): string {
  const url = new URL(apiUrl, origin);
  if (url.hostname === 'localhost') url.hostname = '127.0.0.1';
  return url.href.replace(/\/+$/, '');
}

function readDynamicKey(linkData: Record<string, unknown> | undefined): string | null {
  const value = linkData?.[DYNAMIC_KEY];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}
