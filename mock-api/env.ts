// The environment the local servers read, with the demo defaults (README "Configuration").
import defaults from './defaults.json';
export interface ServerEnv {
  port: number;
  mockApiPort: number;
  mockDataDir: string | undefined;
  guestToken: string;
  /** The app's origin in dev, the one CORS lets through. */
  appOrigin: string;
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

export function readServerEnv(): ServerEnv {
  const appPort = port('PORT', defaults.port);
  return {
    port: appPort,
    mockApiPort: port('MOCK_API_PORT', defaults.mockApiPort),
    mockDataDir: process.env.MOCK_DATA_DIR || undefined,
    guestToken: process.env.GUEST_TOKEN || DEFAULT_GUEST_TOKEN,
    appOrigin: process.env.APP_ORIGIN || `http://localhost:${appPort}`,
  };
}
