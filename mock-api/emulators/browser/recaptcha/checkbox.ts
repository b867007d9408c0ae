// The checkbox widget: a real checkbox labelled "I'm not a robot", its status line, and Google's
// theme and size.
import { el } from '../dom';
import type { Widget } from './widget';

/** The widget's content; checking the box calls `onChecked`. */
export function renderCheckbox(widget: Widget, id: number, onChecked: () => void): HTMLElement {
  const { params } = widget;
  const theme = params.theme === 'dark' ? ' grecaptcha-emulator--dark' : '';
  const size = params.size === 'compact' ? ' grecaptcha-emulator--compact' : '';
  const root = el('div', `grecaptcha-emulator${theme}${size}`);
  const row = el('div', 'grecaptcha-emulator__row');
  const input = el('input', 'grecaptcha-emulator__box');
  input.type = 'checkbox';
  input.id = `grecaptcha-emulator-${id}`;
  if (typeof params.tabindex === 'number') input.tabIndex = params.tabindex;
  const label = el('label', 'grecaptcha-emulator__label', "I'm not a robot");
  label.htmlFor = input.id;
  const caption = el('p', 'grecaptcha-emulator__caption', 'reCAPTCHA (emulated)');
  const status = el('p', 'grecaptcha-emulator__status');
  status.setAttribute('role', 'status');
  row.appendChild(input);
  row.appendChild(label);
  root.appendChild(row);
  root.appendChild(status);
  root.appendChild(caption);

  // Once verified, the box stays checked until the token expires or the widget is reset.
  input.addEventListener('click', (event) => {
    if (widget.response || widget.pending) event.preventDefault();
  });
  input.addEventListener('change', () => {
    if (input.checked) onChecked();
  });
  widget.input = input;
  widget.status = status;
  return root;
}
