import { flowName, readFlowAddress, withFlowAddress } from './flowAddress';

describe('the flow address', () => {
  it('names each flow by its action', () => {
    expect(flowName('RECOGNITION')).toBe('recognize');
    expect(flowName('APPRECIATION')).toBe('appreciate');
    expect(flowName('CELEBRATION')).toBe('celebrate');
    expect(flowName('GRATITUDE')).toBe('gratitude');
    expect(flowName('gift')).toBe('gift');
  });

  it('reads a flow and its step', () => {
    expect(readFlowAddress('?flow=recognize&step=review')).toEqual({
      kind: 'RECOGNITION',
      step: 'review',
    });
    expect(readFlowAddress('?flow=gift&step=gift')).toEqual({ kind: 'gift', step: 'gift' });
  });

  it('reads an unknown or mismatched step as the guest step, and an unknown flow as none', () => {
    expect(readFlowAddress('?flow=gift&step=review')).toEqual({ kind: 'gift', step: 'guest' });
    expect(readFlowAddress('?flow=recognize&step=gift')?.step).toBe('guest');
    expect(readFlowAddress('?flow=recognize')?.step).toBe('guest');
    expect(readFlowAddress('?flow=RECOGNITION&step=review')).toBeNull();
    expect(readFlowAddress('?flow=__proto__')).toBeNull();
    expect(readFlowAddress('')).toBeNull();
  });

  it('writes the flow beside the other parameters, and removes it', () => {
    expect(withFlowAddress('?scenario=slow', { kind: 'APPRECIATION', step: 'review' })).toBe(
      '?scenario=slow&flow=appreciate&step=review',
    );
    expect(withFlowAddress('?flow=gift&step=gift&x=1', null)).toBe('?x=1');
    expect(withFlowAddress('?flow=gift&step=gift', null)).toBe('');
  });
});
