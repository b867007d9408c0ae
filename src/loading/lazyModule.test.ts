import { ChunkLoadFailure, RETRY_DELAY_MS, lazyModule } from './lazyModule';

/** Webpack's error for a chunk's script that could not be fetched: it names the script. */
const chunkLoadError = (script: string) =>
  Object.assign(new Error(`Loading chunk failed (${script})`), {
    name: 'ChunkLoadError',
    request: `http://localhost/assets/${script}`,
  });

/** An importer answering each call from `answers` in turn (an error rejects), counting calls. */
function importerOf(answers: (Error | string)[]) {
  const calls = { count: 0 };
  const importer = () => {
    const answer = answers[calls.count++];
    if (answer === undefined) throw new Error('asked once too often');
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
  };
  return { importer, calls };
}

describe('lazyModule', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const settle = async (promise: Promise<unknown>) => {
    const outcome = promise.then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    await jest.advanceTimersByTimeAsync(10 * RETRY_DELAY_MS);
    return outcome;
  };

  it('asks again once by itself when its script fails, after a pause', async () => {
    const { importer, calls } = importerOf([chunkLoadError('tabs.js'), 'module']);
    const part = lazyModule('tabs', importer);
    const loading = part.load();
    await jest.advanceTimersByTimeAsync(RETRY_DELAY_MS - 1);
    expect(calls.count).toBe(1);
    expect(await settle(loading)).toEqual({ value: 'module' });
    expect(calls.count).toBe(2);
    expect(part.loaded()).toBe('module');
  });

  it('gives up when the same script fails twice, and asks afresh on the next load', async () => {
    const { importer, calls } = importerOf([
      chunkLoadError('tabs.js'),
      chunkLoadError('tabs.js'),
      'module',
    ]);
    const part = lazyModule('tabs', importer);
    const { error } = (await settle(part.load())) as { error: unknown };
    expect(error).toBeInstanceOf(ChunkLoadFailure);
    expect(calls.count).toBe(2);
    expect(await settle(part.load())).toEqual({ value: 'module' });
  });

  // A chunk comes with the chunks it shares, fetched together. The first of them to fail fails
  // the import while the others are still on their way; a retry then joins those requests
  // (webpack shares a fetch in progress), and they fail too, each for its first time.
  it('asks again while each failure is a script not yet asked for twice', async () => {
    const { importer, calls } = importerOf([
      chunkLoadError('284.js'),
      chunkLoadError('gratitude.js'),
      chunkLoadError('518.js'),
      'module',
    ]);
    const part = lazyModule('gratitude', importer);
    expect(await settle(part.load())).toEqual({ value: 'module' });
    expect(calls.count).toBe(4);
  });

  it('asks again once for a failure that names no script', async () => {
    const { importer, calls } = importerOf([new Error('offline'), new Error('offline'), 'x']);
    const part = lazyModule('tabs', importer);
    expect(await settle(part.load())).toMatchObject({ error: expect.any(ChunkLoadFailure) });
    expect(calls.count).toBe(2);
  });
});
