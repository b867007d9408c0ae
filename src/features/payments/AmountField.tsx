// The amount of a gift: the preset buttons ($10, $15, $20) and `Other (in Dollars)`, digits only.
import type { ClipboardEvent, KeyboardEvent } from 'react';
import { PRESET_AMOUNTS, acceptPaste, filterAmountInput, isBlockedKey } from './amountInput';

export const OTHER_AMOUNT_LABEL = 'Other (in Dollars)';

interface AmountFieldProps {
  /** Whole dollars as typed ('' when none). */
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
}

export function AmountField({ value, onChange, disabled }: AmountFieldProps) {
  return (
    <fieldset className="gift-form__amounts">
      <legend className="gift-form__label">Amount</legend>
      <div className="gift-form__presets">
        {PRESET_AMOUNTS.map((preset) => (
          <button
            key={preset}
            type="button"
            className="gift-form__preset"
            aria-pressed={value === String(preset)}
            disabled={disabled}
            onClick={() => onChange(String(preset))}
          >
            ${preset}
          </button>
        ))}
      </div>
      <label className="gift-form__other">
        <span className="gift-form__label">{OTHER_AMOUNT_LABEL}</span>
        <input
          className="gratitude-form__input"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={value}
          disabled={disabled}
          onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
            if (isBlockedKey(event.key)) event.preventDefault();
          }}
          onPaste={(event: ClipboardEvent<HTMLInputElement>) => {
            if (!acceptPaste(event.clipboardData.getData('text'))) event.preventDefault();
          }}
          onChange={(event) => onChange(filterAmountInput(event.target.value))}
        />
      </label>
    </fieldset>
  );
}
