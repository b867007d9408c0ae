// The reCAPTCHA emulator's style sheet, added once per page.
import { addStyle } from '../dom';

const STYLE_ID = 'grecaptcha-emulator-style';

const CSS =
  '.grecaptcha-emulator{box-sizing:border-box;display:inline-flex;flex-direction:column;' +
  'justify-content:space-between;width:304px;min-height:78px;padding:10px 12px;' +
  'font:14px/1.3 Roboto,Arial,sans-serif;color:#1f1f1f;background:#f9f9f9;' +
  'border:1px solid #c4c4c4;border-radius:3px;box-shadow:0 0 4px 1px rgba(0,0,0,.08)}' +
  '.grecaptcha-emulator--compact{width:164px;min-height:144px}' +
  '.grecaptcha-emulator--dark{color:#fff;background:#222;border-color:#6b6b6b}' +
  '.grecaptcha-emulator__row{display:flex;align-items:center;gap:12px}' +
  '.grecaptcha-emulator__box{width:28px;height:28px;margin:0;accent-color:#1a73e8;' +
  'cursor:pointer;flex:none}' +
  '.grecaptcha-emulator__label{cursor:pointer;font-size:14px}' +
  '.grecaptcha-emulator__caption{margin:6px 0 0;font-size:10px;text-align:right;color:#4d4d4d}' +
  '.grecaptcha-emulator--dark .grecaptcha-emulator__caption{color:#d0d0d0}' +
  '.grecaptcha-emulator__status{margin:4px 0 0;font-size:12px;color:#b3261e}' +
  '.grecaptcha-emulator--dark .grecaptcha-emulator__status{color:#ffb4ab}' +
  '.grecaptcha-emulator__status:empty{display:none}';

export function addRecaptchaStyle(): void {
  addStyle(STYLE_ID, CSS);
}
