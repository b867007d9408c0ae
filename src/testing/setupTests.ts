import '@testing-library/jest-dom/jest-globals';
import { clearImmediate, setImmediate } from 'node:timers';
import { configure } from '@testing-library/react';
import { markPageHydrated } from '../loading/hydration';
import { setEmulatorBuildConfig } from './emulatedPage';

// The real mock API (express) runs inside jsdom, which lacks Node's immediate timers.
Object.assign(globalThis, { setImmediate, clearImmediate });

// The demo build's config, unless a test sets its own (setEmulatorBuildConfig) before it is read.
if (!('__APP_CONFIG__' in globalThis)) {
  setEmulatorBuildConfig({ apiBaseUrl: '/api', guestToken: 'demo-guest-token' });
}

// jsdom has no layout, so nothing ever resizes: a ResizeObserver that never reports is exact.
class NoLayoutResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (!('ResizeObserver' in globalThis)) {
  Object.assign(globalThis, { ResizeObserver: NoLayoutResizeObserver });
}

// findBy* and waitFor wait on a real HTTP server, slower than RTL's 1 s default on a loaded
// machine; they return once the condition holds, so a longer limit costs a passing test nothing.
configure({ asyncUtilTimeout: 5_000 });

// Each test is a fresh visitor: nothing kept (a flow's draft, a pending review) leaks onward.
afterEach(() => {
  globalThis.localStorage?.clear();
  globalThis.sessionStorage?.clear();
});

// Tests render on the client, as a page with nothing to hydrate does (src/main.tsx); a hydration
// test calls resetPageHydration() first and renders AppReady as the app does.
beforeEach(() => markPageHydrated());
