import fc from 'fast-check';
import {
  createWheelLock,
  isHorizontalWheel,
  WHEEL_MIN_DELTA,
  WHEEL_SWIPE_LOCK_MS,
  wheelDirection,
} from './wheelLock';

describe('createWheelLock', () => {
  it('uses the spec lock of 1 second by default', () => {
    expect(WHEEL_SWIPE_LOCK_MS).toBe(1000);
    const lock = createWheelLock();
    expect(lock.trySwipe(5000)).toBe(true);
    expect(lock.trySwipe(5999)).toBe(false);
    expect(lock.trySwipe(6000)).toBe(true);
  });

  it.each([0, -50, 123456.789])('lets the first wheel event swipe, at %d as at any time', (t) => {
    expect(createWheelLock(1000).trySwipe(t)).toBe(true);
  });

  it('refuses every wheel event in the second after a swipe, and allows one at exactly 1 s', () => {
    const lock = createWheelLock(1000);
    expect(lock.trySwipe(100)).toBe(true);
    expect(lock.trySwipe(100)).toBe(false);
    expect(lock.trySwipe(1099.999)).toBe(false);
    expect(lock.trySwipe(1100)).toBe(true);
  });

  it('is not extended by the refused events of a long wheel gesture', () => {
    const lock = createWheelLock(1000);
    expect(lock.trySwipe(0)).toBe(true);
    // A trackpad sends an event every 16 ms for 1.5 s: exactly one more swipe gets through, at 1 s.
    const swipes = [];
    for (let t = 16; t <= 1500; t += 16) if (lock.trySwipe(t)) swipes.push(t);
    expect(swipes).toEqual([1008]);
  });

  it('reports whether it is locked without closing itself, and keeps separate locks apart', () => {
    const lock = createWheelLock(1000);
    expect(lock.isLocked(0)).toBe(false);
    expect(lock.isLocked(0)).toBe(false);
    expect(lock.trySwipe(0)).toBe(true);
    expect(lock.isLocked(999)).toBe(true);
    expect(lock.isLocked(1000)).toBe(false);
    expect(createWheelLock(1000).trySwipe(10)).toBe(true);
  });

  it('swipes exactly when no swipe happened in the lock before it (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5000 }),
        fc.array(fc.integer({ min: 0, max: 1500 }), { maxLength: 60 }),
        (lockMs, gaps) => {
          const lock = createWheelLock(lockMs);
          let t = 0;
          let lastSwipe: number | undefined;
          for (const gap of gaps) {
            t += gap;
            const expected = lastSwipe === undefined || t - lastSwipe >= lockMs;
            expect(lock.trySwipe(t)).toBe(expected);
            if (expected) lastSwipe = t;
          }
        },
      ),
    );
  });
});

describe('wheelDirection', () => {
  // Down and right are next, up and left previous; the larger axis wins, the horizontal on a tie;
  // movements under WHEEL_MIN_DELTA pixels and non-numbers are ignored.
  it.each([
    [0, 100, 'next'],
    [100, 0, 'next'],
    [-30, 10, 'previous'],
    [20, -20, 'next'],
    [3, -3, null],
    [0, WHEEL_MIN_DELTA, 'next'],
    [Number.NaN, Number.NaN, null],
    [Number.NaN, 50, 'next'],
  ])('reads deltaX %d, deltaY %d as %s', (deltaX, deltaY, direction) => {
    expect(wheelDirection({ deltaX, deltaY })).toBe(direction);
  });

  it('is symmetric: mirroring the movement mirrors the direction (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -500, max: 500 }),
        fc.integer({ min: -500, max: 500 }),
        (x, y) => {
          const forward = wheelDirection({ deltaX: x, deltaY: y });
          const backward = wheelDirection({ deltaX: -x, deltaY: -y });
          if (forward === null) expect(backward).toBeNull();
          else expect(backward).toBe(forward === 'next' ? 'previous' : 'next');
        },
      ),
    );
  });
});

describe('isHorizontalWheel', () => {
  it('is true only when the sideways movement is the larger one', () => {
    expect(isHorizontalWheel({ deltaX: 40, deltaY: 0 })).toBe(true);
    expect(isHorizontalWheel({ deltaX: -40, deltaY: 10 })).toBe(true);
    expect(isHorizontalWheel({ deltaX: 10, deltaY: 10 })).toBe(false);
    expect(isHorizontalWheel({ deltaX: 0, deltaY: 100 })).toBe(false);
  });
});
