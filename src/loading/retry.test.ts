import { RETRY_DELAY_MS } from './lazyModule';
import { askAgainOnce, loadOnce } from './retry';

describe('the one policy for scripts the page inserts (retry.ts): loadOnce and askAgainOnce', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('loadOnce shares a load on its way, keeps what it loaded, and forgets a failure', async () => {
    const answers = [Promise.reject(new Error('dropped')), Promise.resolve('script')];
    let calls = 0;
    const load = loadOnce(() => answers[calls++]!);
    const [first, second] = [load(), load()];
    await expect(first).rejects.toThrow('dropped');
    await expect(second).rejects.toThrow('dropped');
    expect(calls).toBe(1);
    await expect(load()).resolves.toBe('script');
    await expect(load()).resolves.toBe('script');
    expect(calls).toBe(2);
  });

  it('askAgainOnce asks once more after RETRY_DELAY_MS, and no more', async () => {
    let calls = 0;
    const outcome = askAgainOnce(() => {
      calls += 1;
      return Promise.reject(new Error(`failed ${calls}`));
    }).catch((error: Error) => error.message);
    await jest.advanceTimersByTimeAsync(RETRY_DELAY_MS - 1);
    expect(calls).toBe(1);
    await jest.advanceTimersByTimeAsync(10 * RETRY_DELAY_MS);
    expect(calls).toBe(2);
    expect(await outcome).toBe('failed 2');
  });
});
