// What the server's tests share: the build config a client build carries, and the production
// server's app in front of a test API.
import pino from 'pino';
import { createServerApp, type ServerApp, type ServerAppOptions } from './app';

/** Sets __APP_CONFIG__ (webpack's DefinePlugin value in a build) for code that reads getAppConfig(). */
export function setServerBuildConfig(): void {
  Object.assign(globalThis, {
    __APP_CONFIG__: {
      apiBaseUrl: '/api',
      guestToken: 'token',
      stripePublishableKey: 'pk_test_server',
      recaptchaSiteKey: 'site-key',
      branchKey: 'key_test_server',
      marketingUrl: 'https://www.grati.example',
    },
  });
}

/**
 * The production server's app for the build in `distDir`, in front of the API at `apiOrigin`
 * (which serves the media too), logging nothing; `lookup` replaces its own lookup of profiles.
 */
export function serverAppBefore(
  apiOrigin: string,
  distDir: string,
  lookup?: ServerAppOptions['lookup'],
): ServerApp {
  return createServerApp({
    settings: {
      apiBaseUrl: `${apiOrigin}/api`,
      publicOrigin: 'https://grati.example',
      mediaOrigins: [apiOrigin],
      logLevel: 'silent',
    },
    distDir,
    ...(lookup ? { lookup } : {}),
    logger: pino({ level: 'silent' }),
  });
}
