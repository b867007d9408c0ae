// The environment the local servers read, with the demo defaults (README "Configuration").
import defaults from './defaults.json';
export interface ServerEnv {
  port: number;
  mockApiPort: number;
  mockDataDir: string | undefined;
  guestToken: string;
  /** The app's origin in dev, the one CORS lets through. */
  appOrigin: string;
  /**
   * MOCK_API_LOG: 1 logs every request (method, redacted URL, status, time), 0 none; unset,
   * undefined: each command's default (on, but off under CI).
   */
  requestLog: boolean | undefined;
}

export const DEFAULT_GUEST_TOKEN = defaults.guestToken;

function port(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    throw new Error(`${name} must be a port number (0 to 65535), not "${raw}".`);
  }
  return value;
}

function onOff(name: string): boolean | undefined {
  const raw = process.env[name]?.trim();
  if (raw === undefined || raw === '') return undefined;
  if (raw !== '0' && raw !== '1')
    throw new Error(`${name} must be 1 or 0 (or unset), not "${raw}".`);
  return raw === '1';
}

export function readServerEnv(): ServerEnv {
  const appPort = port('PORT', defaults.port);
  return {
    port: appPort,
    mockApiPort: port('MOCK_API_PORT', defaults.mockApiPort),
    mockDataDir: process.env.MOCK_DATA_DIR || undefined,
    guestToken: process.env.GUEST_TOKEN || DEFAULT_GUEST_TOKEN,
    appOrigin: process.env.APP_ORIGIN || `http://localhost:${appPort}`,
    requestLog: onOff('MOCK_API_LOG'),
  };
}
