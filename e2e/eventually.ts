// Waiting as a guest waits, for the suites that drive a browser without Playwright's web-first
// expect (Firefox through Puppeteer, WebKit through WebDriver).

/**
 * How long a step may wait: sized for Firefox or WebKit on a busy 2-core machine several times
 * slower than a fast one (a step takes up to about 5 s on a fast one). A wait returns as soon as
 * its condition holds, so only a failing journey pays for it.
 */
export const STEP_TIMEOUT = 45_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Retries `check` until it passes (Playwright's toPass / expect.poll): a page changes under the
 * test, and a navigation can destroy the realm a check ran in.
 */
export async function eventually<T>(
  what: string,
  check: () => Promise<T>,
  timeout = STEP_TIMEOUT,
): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(`${what}: still failing after ${timeout} ms: ${reason}`, { cause: error });
      }
    }
    await sleep(100);
  }
}
