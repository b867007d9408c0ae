// The amount of a gift: the preset buttons ($10, $15, $20) and `Other (in Dollars)`, whole dollars.
// How typing is taken lives in ./amountEditing; this wires it to the input and says what it
// refused.
import {
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type ClipboardEvent,
  type KeyboardEvent,
} from 'react';
import { AMOUNT_LIMIT_HINT, PRESET_AMOUNTS, type AmountHint } from './amountInput';
import {
  caretMoved,
  judgeAmountKey,
  judgeAmountPaste,
  nextAmountEntry,
  type AmountEntry,
} from './amountEditing';

export const OTHER_AMOUNT_LABEL = 'Other (in Dollars)';

interface AmountFieldProps {
  /** Whole dollars as typed ('' when none). */
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  /** What is wrong with the amount as it stands (past the most a guest can give), or null. */
  error?: string | null;
}

type Editing = Omit<AmountEntry, 'value'>;

export function AmountField({ value, onChange, disabled, error = null }: AmountFieldProps) {
  const inputId = useId();
  const hintId = useId();
  const limitId = useId();
  const errorId = useId();
  // Where cents are being typed, and the help line: a ref, since a key and the change it makes
  // (or a paste and its change) arrive in one tick, before a state update would be seen.
  const editing = useRef<Editing>({ centsAt: null, hint: null });
  const [hint, setHint] = useState<AmountHint | null>(null);
  const entry = (): AmountEntry => ({ value, ...editing.current });
  const say = ({ centsAt, hint: next }: Editing) => {
    editing.current = { centsAt, hint: next };
    setHint(next);
  };
  const endCents = () => say(caretMoved(entry()));

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
              say({ centsAt: null, hint: null });
              onChange(String(preset));
            }}
          >
            ${preset}
          </button>
        ))}
      </div>
      {/* The label names the field from beside it, not around it: WebKit puts a wrapped field's
          value into its name ("Other (in Dollars) 10"), so VoiceOver would read the amount twice. */}
      <div className="gift-form__other">
        <label className="gift-form__label" htmlFor={inputId}>
          {OTHER_AMOUNT_LABEL}
        </label>
        <input
          id={inputId}
          className="gratitude-form__input"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={value}
          disabled={disabled}
          // What is wrong first, then the most a guest can give, then what was last refused.
          aria-describedby={[error && errorId, limitId, hint && hintId].filter(Boolean).join(' ')}
          aria-invalid={error !== null}
          onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
            const input = event.currentTarget;
            const start = input.selectionStart ?? input.value.length;
            const verdict = judgeAmountKey(entry(), {
              key: event.key,
              shortcut: event.ctrlKey || event.metaKey || event.altKey,
              selection: { start, end: input.selectionEnd ?? start },
            });
            if (!verdict.accept) event.preventDefault();
            say(verdict.entry);
          }}
          // A click or a tap places the caret, even where it was: what is typed next is dollars.
          onPointerDown={endCents}
          onBlur={endCents}
          onPaste={(event: ClipboardEvent<HTMLInputElement>) => {
            const verdict = judgeAmountPaste(entry(), event.clipboardData.getData('text'));
            if (!verdict.accept) event.preventDefault();
            say(verdict.entry);
          }}
          onChange={(event: ChangeEvent<HTMLInputElement>) => {
            const input = event.target;
            const next = nextAmountEntry(entry(), input.value, input.selectionStart);
            say(next);
            onChange(next.value);
            const { centsAt } = next;
            if (centsAt !== null) {
              // React puts the kept digits back with the caret at their end; it belongs where
              // the cents go on (after React's update, which ends with this event's dispatch).
              queueMicrotask(() => {
                if (document.activeElement === input) input.setSelectionRange(centsAt, centsAt);
              });
            }
          }}
        />
      </div>
      <p id={errorId} className="gift-form__error" aria-live="polite">
        {error}
      </p>
      <p id={limitId} className="gift-form__limit">
        {AMOUNT_LIMIT_HINT}
      </p>
      <p id={hintId} className="gift-form__hint" aria-live="polite">
        {hint}
      </p>
    </fieldset>
  );
}
