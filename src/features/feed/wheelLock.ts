// The feed carousel's mouse-wheel rules: which way a wheel event swipes, and the 1 s swipe lock.

/** Spec section 9, "Wheel-swipe lock 1 second": after a wheel swipe, wheel events are ignored. */
export const WHEEL_SWIPE_LOCK_MS = 1000;

/**
 * Smaller deltas are ignored: trackpads send runs of 1 or 2 pixel events at the tail of a
 * gesture, and those should not start a swipe of their own.
 */
export const WHEEL_MIN_DELTA = 4;

export type WheelDirection = 'next' | 'previous';

export interface WheelDelta {
  deltaX: number;
  deltaY: number;
}

/**
 * Which way a wheel event swipes, read from its dominant axis: right or down is `'next'`, left or
 * up is `'previous'`; `null` when both deltas are under {@link WHEEL_MIN_DELTA} in size (or not
 * numbers). On a tie the horizontal axis wins, as it is the carousel's own axis.
 */
export function wheelDirection({ deltaX, deltaY }: WheelDelta): WheelDirection | null {
  const x = Number.isFinite(deltaX) ? deltaX : 0;
  const y = Number.isFinite(deltaY) ? deltaY : 0;
  const delta = Math.abs(x) >= Math.abs(y) ? x : y;
  if (Math.abs(delta) < WHEEL_MIN_DELTA) return null;
  return delta > 0 ? 'next' : 'previous';
}

/** True when the event's horizontal movement is larger than its vertical one. */
export function isHorizontalWheel({ deltaX, deltaY }: WheelDelta): boolean {
  return Math.abs(deltaX) > Math.abs(deltaY);
}

export interface WheelLock {
  /**
   * Whether a wheel swipe at time `at` (milliseconds on any one monotonic clock, such as
   * `event.timeStamp`) may happen. When it may, the lock closes until `at + lockMs` and the
   * answer is true; while the lock is closed the answer is false and the lock is not extended.
   */
  trySwipe(at: number): boolean;
  /** Whether a swipe at time `at` would be refused, without closing the lock. */
  isLocked(at: number): boolean;
}

/**
 * A lock that lets one wheel swipe through, then refuses every other one for `lockMs`
 * milliseconds (the refusal window is `[swipe, swipe + lockMs)`: at exactly `lockMs` later a
 * swipe is allowed again). The caller supplies the time, so the lock is a pure state machine.
 */
export function createWheelLock(lockMs: number = WHEEL_SWIPE_LOCK_MS): WheelLock {
  let lockedUntil = Number.NEGATIVE_INFINITY;
  const isLocked = (at: number) => at < lockedUntil;
  return {
    isLocked,
    trySwipe(at) {
      if (isLocked(at)) return false;
      lockedUntil = at + lockMs;
      return true;
    },
  };
}
