// The gift's amount: whole dollars as the guest typed them ('' when none) and in cents. A fixed
// amount (the /gpay page) starts as its dollars; a kept draft's amount is where a gift starts.
import { useState } from 'react';
import { amountCentsOf } from './paymentChoice';

export interface AmountChoice {
  /** Whole dollars as typed. */
  value: string;
  /** The amount in cents, or null when the field holds none. */
  cents: number | null;
  /** Sets the amount and tells the page (to keep it with the draft). */
  set: (value: string) => void;
}

export function useAmountChoice(options: {
  fixedAmountCents?: number;
  initialAmount: string;
  onAmountChange?: (amount: string) => void;
}): AmountChoice {
  const { fixedAmountCents, initialAmount, onAmountChange } = options;
  const [value, setValue] = useState(
    fixedAmountCents === undefined ? initialAmount : String(fixedAmountCents / 100),
  );
  return {
    value,
    cents: amountCentsOf(value),
    set: (next) => {
      setValue(next);
      onAmountChange?.(next);
    },
  };
}
