// Makes the jsdom page look like an emulator build served next to a running mock API: the build
// config the app reads, and an emulator's browser script run as the page shell's tag would run it.
import { browseAsTester, startMockApi, type RunningMockApi } from '../../mock-api/testing';

type Api = Pick<RunningMockApi, 'apiBaseUrl' | 'guestToken' | 'origin'>;

/** Sets __APP_CONFIG__ (webpack's DefinePlugin value in a build) for code that reads getAppConfig(). */
export function setEmulatorBuildConfig(api: Pick<Api, 'apiBaseUrl' | 'guestToken'>): void {
  Object.assign(globalThis, {
    __APP_CONFIG__: {
      apiBaseUrl: api.apiBaseUrl,
      guestToken: api.guestToken,
      stripePublishableKey: 'pk_test_emulator',
      recaptchaSiteKey: 'emulator-site-key',
      branchKey: 'key_test_gratiDemoEmulatorKey000000000000',
      marketingUrl: 'https://grati.example',
    },
  });
}

/** Fetches an emulator script from the mock API (e.g. '/__recaptcha/api.js') and runs it here. */
export async function runEmulatorScript(
  api: Pick<Api, 'origin'>,
  scriptPath: string,
): Promise<void> {
  const scriptUrl = `${api.origin}${scriptPath}`;
  const code = await (await fetch(scriptUrl)).text();
  // The emulators find their own origin through document.currentScript, as in a browser.
  Object.defineProperty(document, 'currentScript', {
    configurable: true,
    value: { src: scriptUrl },
  });
  try {
    window.eval(code);
  } finally {
    Object.defineProperty(document, 'currentScript', { configurable: true, value: null });
  }
}

/** A test file's payment page; `close` (afterAll) stops browsing as its tester, closes its API. */
export interface PaymentPage {
  api: RunningMockApi;
  close: () => Promise<void>;
}

/** For payment-form tests (beforeAll): mock API, tester, emulator build config, scripts run. */
export async function startPaymentPage(scriptPaths: readonly string[]): Promise<PaymentPage> {
  const api = await startMockApi();
  const stopBrowsing = browseAsTester(api);
  setEmulatorBuildConfig(api);
  for (const scriptPath of scriptPaths) await runEmulatorScript(api, scriptPath);
  return {
    api,
    close: () => {
      stopBrowsing();
      return api.close();
    },
  };
}
