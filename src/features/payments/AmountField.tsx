// The amount of a gift: the preset buttons ($10, $15, $20) and `Other (in Dollars)`, whole dollars.
// The rules live in ./amountInput; this wires them to the input and says what it refused.
import { useId, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import {
  PRESET_AMOUNTS,
  judgeAmountKey,
  nextAmountEntry,
  pasteHint,
  type AmountHint,
} from './amountInput';

export const OTHER_AMOUNT_LABEL = 'Other (in Dollars)';

interface AmountFieldProps {
  /** Whole dollars as typed ('' when none). */
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
}

export function AmountField({ value, onChange, disabled }: AmountFieldProps) {
  const hintId = useId();
  // Whether a decimal separator ended the amount: a ref, since a paste and the change it makes
  // arrive in one tick, before a state update would be seen.
  const ended = useRef(false);
  const [hint, setHint] = useState<AmountHint | null>(null);
  const entry = () => ({ value, ended: ended.current, hint });
  const say = (next: { ended: boolean; hint: AmountHint | null }) => {
    ended.current = next.ended;
    setHint(next.hint);
  };

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
            onClick={() => {
              say({ ended: false, hint: null });
              onChange(String(preset));
            }}
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
          aria-describedby={hintId}
          onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
            const input = event.currentTarget;
            const verdict = judgeAmountKey(entry(), {
              key: event.key,
              shortcut: event.ctrlKey || event.metaKey || event.altKey,
              selected: Math.abs((input.selectionEnd ?? 0) - (input.selectionStart ?? 0)),
            });
            if (!verdict.accept) event.preventDefault();
            say(verdict);
          }}
          onPaste={(event: ClipboardEvent<HTMLInputElement>) => {
            const refused = pasteHint(event.clipboardData.getData('text'));
            if (refused) {
              event.preventDefault();
              say({ ended: ended.current, hint: refused });
            } else {
              // Pasted digits are a new amount, even after a separator.
              say({ ended: false, hint: null });
            }
          }}
          onChange={(event) => {
            const next = nextAmountEntry(entry(), event.target.value);
            say(next);
            onChange(next.value);
          }}
        />
      </label>
      <p id={hintId} className="gift-form__hint" aria-live="polite">
        {hint}
      </p>
    </fieldset>
  );
}
