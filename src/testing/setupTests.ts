import '@testing-library/jest-dom/jest-globals';
import '@testing-library/jest-dom';
import { clearImmediate, setImmediate } from 'node:timers';

// Integration tests run the real mock API (express) inside the jsdom environment, which lacks
// Node's immediate timers.
Object.assign(globalThis, { setImmediate, clearImmediate });

// jsdom has no layout, so nothing ever resizes: a ResizeObserver that never reports is exact.
class NoLayoutResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (!('ResizeObserver' in globalThis)) {
  Object.assign(globalThis, { ResizeObserver: NoLayoutResizeObserver });
}
