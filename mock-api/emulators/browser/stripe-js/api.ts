// The script's calls to the Stripe API emulator, as Stripe.js calls api.stripe.com: form-encoded
// "simple" requests to /v1 carrying `key=pk_...`, and the mock API's wallet scenario.
import type { StripeError } from './types';
import { isWalletChoice, type WalletChoice } from './walletPlatform';

export type ApiResult = { body: unknown; error?: never } | { error: StripeError };

const CONNECTION_ERROR: StripeError = {
  type: 'api_connection_error',
  message: 'An error occurred with our connection to Stripe. Request was retried 0 times.',
};

/** Stripe's form encoding: nested objects (and arrays) as `a[b][0]=...`; null and undefined left out. */
export function formEncode(params: object, prefix = ''): string[] {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(params) as [string, unknown][]) {
    const key = prefix ? `${prefix}[${name}]` : name;
    if (value === undefined || value === null) continue;
    if (typeof value === 'object') parts.push(...formEncode(value, key));
    else parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  }
  return parts;
}

export class EmulatorApi {
  private readonly base: string;
  private readonly configUrl: string;

  /** `scriptUrl`: where this script was served from; its origin also serves /v1. */
  constructor(
    scriptUrl: URL,
    private readonly key: string,
  ) {
    this.base = `${scriptUrl.origin}/v1/`;
    this.configUrl = new URL('config', scriptUrl).href;
  }

  /** Resolves { body } or { error } (a Stripe error object); never rejects. */
  async request(method: 'GET' | 'POST', path: string, params: object = {}): Promise<ApiResult> {
    const query = formEncode({ key: this.key, ...params }).join('&');
    const url = this.base + path + (method === 'GET' ? `?${query}` : '');
    const init: RequestInit = { method, credentials: 'omit' };
    if (method !== 'GET') {
      // A form body and no custom header keep this a CORS simple request (no preflight).
      init.headers = { 'Content-Type': 'application/x-www-form-urlencoded' };
      init.body = query;
    }
    let response: Response;
    try {
      response = await fetch(url, init);
    } catch {
      return { error: CONNECTION_ERROR };
    }
    try {
      const body = (await response.json()) as { error?: StripeError } | null;
      if (response.ok) return { body };
      return { error: body?.error || CONNECTION_ERROR };
    } catch {
      return { error: CONNECTION_ERROR };
    }
  }

  /**
   * The mock API's word on wallets for this browser's tester: by the platform (`device`), or the
   * tester's scenario (none, or one forced). Unknown or unreachable: none, as a browser without a
   * wallet answers.
   */
  async walletChoice(): Promise<WalletChoice> {
    try {
      // With the page's cookies (same origin): the tester's scenario decides.
      const response = await fetch(this.configUrl, {
        credentials: 'same-origin',
        cache: 'no-store',
      });
      const config = (response.ok ? await response.json() : null) as { wallets?: unknown } | null;
      return isWalletChoice(config?.wallets) ? config.wallets : 'none';
    } catch {
      return 'none';
    }
  }
}
