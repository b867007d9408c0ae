/** @jest-environment node */
// Resizes in turn by picture: one picture's many never hold back another's one.
import { fairLimit } from './fairLimit';

/** A task that records when it starts and ends when the test says. */
function gated(log: string[], name: string) {
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    task: async () => {
      log.push(name);
      await done;
      return name;
    },
    finish,
  };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

it('gives the next slot to the picture whose turn it is, not to the one that queued most', async () => {
  const limit = fairLimit(1);
  const log: string[] = [];
  const heavy = Array.from({ length: 5 }, (_, i) => gated(log, `a${i}`));
  const light = gated(log, 'b0');
  const answers = heavy.map(({ task }) => limit('a', task));
  const other = limit('b', light.task);
  await flush();
  expect(log).toEqual(['a0']);

  heavy[0]!.finish();
  await flush();
  // b waited for one of a's, not five.
  expect(log).toEqual(['a0', 'b0']);
  light.finish();
  await expect(other).resolves.toBe('b0');
  for (const { finish } of heavy.slice(1)) {
    finish();
    await flush();
  }
  await expect(Promise.all(answers)).resolves.toEqual(['a0', 'a1', 'a2', 'a3', 'a4']);
  expect(log).toEqual(['a0', 'b0', 'a1', 'a2', 'a3', 'a4']);
});

it('runs as many at once as it is given, and a task that fails frees its slot', async () => {
  const limit = fairLimit(2);
  const log: string[] = [];
  let fail: (error: Error) => void = () => undefined;
  const failing = limit('a', () => {
    log.push('a0');
    return new Promise<string>((_, reject) => {
      fail = reject;
    });
  });
  const others = [gated(log, 'b0'), gated(log, 'c0')];
  const running = others.map(({ task }, i) => limit(i === 0 ? 'b' : 'c', task));
  await flush();
  expect(log).toEqual(['a0', 'b0']);
  fail(new Error('unreadable picture'));
  await expect(failing).rejects.toThrow('unreadable picture');
  await flush();
  expect(log).toEqual(['a0', 'b0', 'c0']);
  for (const { finish } of others) finish();
  await expect(Promise.all(running)).resolves.toEqual(['b0', 'c0']);
});
