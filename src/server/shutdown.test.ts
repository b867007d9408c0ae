import { createReadiness } from './shutdown';

afterEach(() => jest.useRealTimers());

it('asks the API at most every 2 s, however often it is asked', async () => {
  jest.useFakeTimers({ now: 0 });
  const reachable = jest.fn(() => Promise.resolve(true));
  const readiness = createReadiness({ reachable });
  await expect(readiness.apiReachable()).resolves.toBe(true);
  jest.setSystemTime(2000);
  await readiness.apiReachable();
  expect(reachable).toHaveBeenCalledTimes(1);
  jest.setSystemTime(2001);
  await readiness.apiReachable();
  expect(reachable).toHaveBeenCalledTimes(2);
});

it('says it is shutting down from the moment shutdown begins', () => {
  const readiness = createReadiness({ reachable: () => Promise.resolve(true) });
  expect(readiness.shuttingDown()).toBe(false);
  readiness.beginShutdown();
  expect(readiness.shuttingDown()).toBe(true);
});
