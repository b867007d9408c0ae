// A text field's length limit, spoken: an edit past it keeps what fits (lib/fitToLimit) and the
// field's live region says how much was left out.
import { useState, type ChangeEvent } from 'react';
import { cutMessage, fitToLimit } from '../lib/fitToLimit';

export function useLengthLimit(options: {
  value: string;
  max: number;
  label: string;
  onChange: (value: string) => void;
}) {
  const { value, max, label, onChange } = options;
  const [note, setNote] = useState('');
  return {
    /** What the live region says: empty until an edit is cut. */
    note,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const fitted = fitToLimit(value, event.target.value, max);
      setNote(fitted.cut > 0 ? cutMessage(fitted.cut, label, max) : '');
      onChange(fitted.value);
    },
  };
}
