import '@testing-library/jest-dom/jest-globals';
import { clearImmediate, setImmediate } from 'node:timers';
import { configure } from '@testing-library/react';
import { markPageHydrated } from '../loading/hydration';
import { setEmulatorBuildConfig } from './emulatedPage';

// Integration tests run the real mock API (express) inside the jsdom environment, which lacks
// Node's immediate timers.
Object.assign(globalThis, { setImmediate, clearImmediate });

// A component that reads the build's config (where the API's media are) finds the demo build's
// same-origin one, unless the test sets its own (setEmulatorBuildConfig) before it is first read.
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

// findBy* and waitFor wait for what a guest waits for: answers from a real HTTP server, which
// take longer than RTL's 1 s default on a loaded machine (two suites side by side). They return
// as soon as the condition holds, so a longer limit costs a passing test nothing.
configure({ asyncUtilTimeout: 5_000 });

// Each test is a fresh visitor: nothing a test kept (a flow's draft, a pending review) leaks
// into the next one.
afterEach(() => {
  globalThis.localStorage?.clear();
  globalThis.sessionStorage?.clear();
});

// A test renders on the client, as a page with nothing to hydrate does (src/main.tsx): every part
// shows its real content from its first frame. A test of the server's markup and its hydration
// calls resetPageHydration() first, and renders AppReady as the app does.
beforeEach(() => markPageHydrated());
