// Starts the real mock API in-process on a free port with a temporary data folder.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createMockApi } from './server';
import type { Store } from './db/store';
import { DEFAULT_GUEST_TOKEN } from './env';
import type { Guest } from '../src/api/contract/guest';

export interface RunningMockApi {
  origin: string;
  apiBaseUrl: string;
  guestToken: string;
  dataDir: string;
  store: Store;
  /** fetch() against the API with the guest token (pass `headers` to replace it). */
  request(pathAndQuery: string, init?: RequestInit): Promise<Response>;
  /** A guest made through createWebUser, as the details step makes one; its email is from the name. */
  createGuest(fullName: string, email?: string): Promise<Guest>;
  close(): Promise<void>;
}

export async function startMockApi(
  options: { allowedOrigins?: string[] } = {},
): Promise<RunningMockApi> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'grati-mock-api-'));
  const guestToken = DEFAULT_GUEST_TOKEN;
  const { app, store } = await createMockApi({
    dataDir,
    guestToken,
    allowedOrigins: options.allowedOrigins,
  });
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const apiBaseUrl = `${origin}/api`;
  const request: RunningMockApi['request'] = (pathAndQuery, init = {}) =>
    fetch(`${apiBaseUrl}/${pathAndQuery.replace(/^\//, '')}`, {
      ...init,
      headers: {
        Authorization: `Bearer ${guestToken}`,
        ...(init.headers as Record<string, string>),
      },
    });
  return {
    origin,
    apiBaseUrl,
    guestToken,
    dataDir,
    store,
    request,
    createGuest: async (fullName, email) => {
      const address = email ?? `${fullName.split(' ')[0]?.toLowerCase() ?? 'guest'}@example.com`;
      const answer = await request('user/v2/createWebUser', jsonPost({ fullName, email: address }));
      if (!answer.ok) throw new Error(`createWebUser answered ${answer.status}`);
      const { userId } = ((await answer.json()) as { data: { userId: string } }).data;
      return { userId, fullName, email: address };
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await store.flush();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export const jsonPost = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});
