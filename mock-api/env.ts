// The environment the local servers read, with the demo defaults (README "Configuration"), and
// what they say when the port a setting chose is taken.
import { createServer, type Server } from 'node:net';
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

/** The settings that choose the local servers' ports. */
export type PortSetting = 'PORT' | 'MOCK_API_PORT';

/**
 * A port the system refused, as the one line to print: which port, and the setting that picks
 * another. Any other failure comes back as it was.
 */
export function portRefusal(error: unknown, port: number, setting: PortSetting): unknown {
  const why = {
    EADDRINUSE: 'is in use',
    EACCES: 'is not open to this user',
  }[(error as NodeJS.ErrnoException | null)?.code ?? ''];
  if (why === undefined) return error;
  return new Error(
    `grati-web: port ${port} ${why}; set ${setting} to use another (${setting}=0 takes any free one)`,
  );
}

/** Resolves with the port `server` listens on once it does; a refused port fails as portRefusal. */
export function listening(server: Server, port: number, setting: PortSetting): Promise<number> {
  return new Promise((resolve, reject) => {
    if (server.listening) return resolve(portOf(server, port));
    const refused = (error: Error) => reject(portRefusal(error, port, setting));
    server.once('error', refused).once('listening', () => {
      server.off('error', refused);
      resolve(portOf(server, port));
    });
  });
}

function portOf(server: Server, fallback: number): number {
  const address = server.address();
  return typeof address === 'object' && address ? address.port : fallback;
}

/**
 * Fails as portRefusal when `port` is taken now: for a server that listens by itself and throws
 * where no caller can catch it (webpack's dev server). Any free port (0) always is.
 */
export async function checkPortFree(port: number, setting: PortSetting): Promise<void> {
  if (port === 0) return;
  const probe = createServer();
  await listening(probe.listen(port), port, setting);
  await new Promise((resolve) => probe.close(resolve));
}
