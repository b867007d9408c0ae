import fc from 'fast-check';
import { AMOUNT_MESSAGES } from './amountInput';
import { amountCentsOf, checkChoice, type ChoiceFacts } from './paymentChoice';

/** A press that passes every check unless a test says otherwise. */
const refuse = (message: string) => ({ outcome: 'refuse', message });
const facts = (overrides: Partial<ChoiceFacts> = {}): ChoiceFacts => ({
  amount: '10',
  combined: false,
  option: 'card',
  occupied: () => false,
  mayObtain: () => true,
  ...overrides,
});

describe('amountCentsOf', () => {
  it.each([
    ['0', 0],
    ['970873', 97_087_300],
    ['007', 700],
  ])('reads %j as %d cents', (amount, cents) => {
    expect(amountCentsOf(amount)).toBe(cents);
  });

  // Past the most a guest can give (970874, 999999), no card could carry the total.
  const none = ['', '1.5', '1e3', '-1', ' 1', '1000000', '970874', '999999'];
  it.each(none)('has no amount for %j', (amount) => {
    expect(amountCentsOf(amount)).toBeNull();
  });
});

describe('checkChoice', () => {
  it('goes on with the amount in cents when every check passes', () => {
    expect(checkChoice(facts({ amount: '15' }))).toEqual({ outcome: 'proceed', amountCents: 1500 });
  });

  it.each([
    ['', 'card', false, AMOUNT_MESSAGES.missing],
    ['1234567', 'wallet', false, AMOUNT_MESSAGES.invalid],
  ] as const)('refuses %j by %s (combined %s): %s', (amount, option, combined, message) => {
    expect(checkChoice(facts({ amount, option, combined }))).toEqual(refuse(message));
  });

  it("says the page's precondition, asked only once the amount is good, and goes on without one", () => {
    const precondition = jest.fn(() => 'Write something first');
    expect(checkChoice(facts({ amount: '', precondition }))).toEqual(
      refuse(AMOUNT_MESSAGES.missing),
    );
    expect(precondition).not.toHaveBeenCalled();
    expect(checkChoice(facts({ precondition }))).toEqual(refuse('Write something first'));
    const proceed = { outcome: 'proceed', amountCents: 1000 };
    expect(checkChoice(facts({ precondition: () => null }))).toEqual(proceed);
  });

  it('ignores a press while something is under way, without asking the captcha', () => {
    const mayObtain = jest.fn(() => false);
    expect(checkChoice(facts({ occupied: () => true, mayObtain }))).toEqual({ outcome: 'ignore' });
    expect(mayObtain).not.toHaveBeenCalled();
  });

  it('says the precondition before ignoring a press while something is under way', () => {
    const busy = facts({ precondition: () => 'No', occupied: () => true });
    expect(checkChoice(busy)).toEqual(refuse('No'));
  });

  it('asks for the captcha again when no intent can be had, asking for the amount', () => {
    const mayObtain = jest.fn(() => false);
    expect(checkChoice(facts({ amount: '20', mayObtain }))).toEqual({ outcome: 'askCaptcha' });
    expect(mayObtain).toHaveBeenCalledWith(2000);
  });

  it('goes on only with an amount of at least $1 that the field takes', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.boolean(),
        fc.constantFrom('card' as const, 'wallet' as const),
        (amount, combined, option) => {
          const result = checkChoice(facts({ amount, combined, option }));
          if (result.outcome !== 'proceed') return;
          expect(/^[0-9]{1,6}$/.test(amount)).toBe(true);
          expect(result.amountCents).toBe(Number(amount) * 100);
          expect(result.amountCents).toBeGreaterThanOrEqual(100);
        },
      ),
    );
  });
});
