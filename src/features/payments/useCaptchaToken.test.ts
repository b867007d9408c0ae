import { act, renderHook } from '@testing-library/react';
import { useCaptchaToken } from './useCaptchaToken';

const passedCaptcha = () => {
  const { result } = renderHook(() => useCaptchaToken());
  act(() => result.current.onChange('token-1'));
  return { result };
};

describe('useCaptchaToken', () => {
  it('shows the options from a pass, with a token for one intent', () => {
    const { result } = passedCaptcha();
    expect(result.current.passed).toBe(true);
    expect(result.current.usable()).toBe(true);
    expect(result.current.take()).toBe('token-1');
    expect(result.current.usable()).toBe(false);
    expect(result.current.spent()).toBe(true);
  });

  it('asks again on renew: a fresh widget and no options until the next pass', () => {
    const { result } = passedCaptcha();
    result.current.take();
    const round = result.current.round;
    act(() => result.current.renew());
    expect(result.current).toMatchObject({ passed: false, round: round + 1 });
    expect(result.current.spent()).toBe(false);
    act(() => result.current.onChange('token-2'));
    expect(result.current.passed).toBe(true);
    expect(result.current.take()).toBe('token-2');
  });

  it('hides the options when an unused token expires: no button could make an intent', () => {
    const { result } = passedCaptcha();
    act(() => result.current.onChange(null));
    expect(result.current.passed).toBe(false);
    expect(result.current.usable()).toBe(false);
  });

  it('keeps the options when a spent token expires (its intent still pays), still spent', () => {
    const { result } = passedCaptcha();
    result.current.take();
    act(() => result.current.onChange(null));
    expect(result.current.passed).toBe(true);
    // A new choice then asks for the captcha again.
    expect(result.current.spent()).toBe(true);
  });
});
