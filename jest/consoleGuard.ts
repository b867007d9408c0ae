// Fails any test that prints an unexpected console.error (React's act(...) warnings among them);
// one meant is allowed with `allowConsoleError(/pattern/)` or a spy on console.error.
import { format } from 'node:util';
import { afterEach } from '@jest/globals';

const allowed: RegExp[] = [];
const unexpected: string[] = [];

/** Lets the current test log console.error messages matching `pattern` (reset after each test). */
export function allowConsoleError(...patterns: RegExp[]): void {
  allowed.push(...patterns);
}

const original = console.error.bind(console);

console.error = (...args: unknown[]) => {
  const message = format(...args);
  if (!allowed.some((pattern) => pattern.test(message))) unexpected.push(message);
  original(...args);
};

afterEach(() => {
  allowed.length = 0;
  if (unexpected.length === 0) return;
  const messages = unexpected.splice(0).map((message) => `- ${message.split('\n')[0]}`);
  throw new Error(
    `Unexpected console.error during this test (use allowConsoleError if it is meant):\n${messages.join('\n')}`,
  );
});
