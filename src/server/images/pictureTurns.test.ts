/** @jest-environment node */
// Spellings of one picture take turns within its one slot; other pictures keep theirs.
import { createPictureTurns, type Release } from './pictureTurns';

const options = { maxPictures: 2, perPicture: 2, maxWaiting: 3, maxWaitMs: 10_000 };
const isRelease = (turn: unknown): turn is Release => typeof turn === 'function';

afterEach(() => jest.useRealTimers());

it('gives a picture a few turns at once, queues a few more, and refuses the rest', async () => {
  const turns = createPictureTurns(options);
  const first = turns.take('a');
  const second = turns.take('a');
  expect(isRelease(first) && isRelease(second)).toBe(true);
  const waiting = [turns.take('a'), turns.take('a'), turns.take('a')];
  expect(waiting.every((turn) => turn instanceof Promise)).toBe(true);
  const [toThird, toFourth, toFifth] = waiting as [
    Promise<Release>,
    Promise<Release>,
    Promise<Release>,
  ];
  expect(() => turns.take('a')).toThrow(expect.objectContaining({ status: 503 }));
  // All of them one picture's: another picture still has its slot.
  expect(turns.size).toBe(1);
  expect(isRelease(turns.take('b'))).toBe(true);

  // A turn ended passes straight to the first waiting, then the next.
  (first as Release)();
  const third = await toThird;
  (second as Release)();
  const fourth = await toFourth;
  third();
  fourth();
  (await toFifth)();
  // Released twice changes nothing; the picture's slot is free once its last turn ends.
  third();
  expect(turns.size).toBe(1);
});

it('turns away a new picture when every slot is a picture under way', () => {
  const turns = createPictureTurns(options);
  turns.take('a');
  turns.take('b');
  expect(() => turns.take('c')).toThrow(expect.objectContaining({ status: 503 }));
  // A spelling of a picture under way is not a new picture.
  expect(isRelease(turns.take('b'))).toBe(true);
});

it('answers a spelling that waited too long with a 503, and keeps its place for no one', async () => {
  jest.useFakeTimers();
  const turns = createPictureTurns(options);
  const first = turns.take('a') as Release;
  turns.take('a');
  const late = turns.take('a') as Promise<Release>;
  const refused = late.then(
    () => 'started',
    (error: { status: number }) => error.status,
  );
  await jest.advanceTimersByTimeAsync(options.maxWaitMs);
  expect(await refused).toBe(503);
  const next = turns.take('a');
  first();
  expect(await next).toEqual(expect.any(Function));
});
