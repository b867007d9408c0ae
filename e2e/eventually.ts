// Waiting as a guest waits, for the suites without Playwright's web-first expect.

/** A step takes up to about 5 s on a fast machine; only a failing one waits this long. */
export const STEP_TIMEOUT = 45_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Retries `check` until it passes: a navigation can destroy the realm a check ran in. */
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
