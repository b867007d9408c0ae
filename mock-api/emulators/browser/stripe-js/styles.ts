// The Stripe.js emulator's style sheet (one per page) and the ids its elements and dialogs use.
import { addStyle } from '../dom';

const STYLE_ID = 'stripe-emulator-style';

const FONT = 'font:16px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif';

const CSS =
  '.stripe-emulator-payment{box-sizing:border-box;display:grid;' +
  // Two columns, or one where two of 7em do not fit (Stripe's own element stacks its fields too).
  'grid-template-columns:repeat(auto-fit,minmax(min(100%,max(7em,calc(50% - 6px))),1fr));' +
  'gap:12px;color:#1a1f36;' +
  FONT +
  '}' +
  '.stripe-emulator-payment__field{display:flex;flex-direction:column;gap:4px;min-width:0}' +
  '.stripe-emulator-payment__field--number{grid-column:1 / -1}' +
  '.stripe-emulator-payment__field[hidden]{display:none}' +
  '.stripe-emulator-payment__label{font-size:14px;font-weight:500;color:#30313d}' +
  '.stripe-emulator-payment__input{box-sizing:border-box;width:100%;min-height:44px;margin:0;' +
  'padding:10px 12px;border:1px solid #6b7280;border-radius:5px;background:#fff;' +
  'color:inherit;font:inherit}' +
  '.stripe-emulator-payment__input:focus{outline:none;border-color:#0570de;' +
  'box-shadow:0 0 0 3px rgba(5,112,222,.35)}' +
  '.stripe-emulator-payment__input::placeholder{color:#6b7280}' +
  '.stripe-emulator-payment__input[aria-invalid=true]{border-color:#b3261e;color:#b3261e}' +
  '.stripe-emulator-payment__input:disabled{background:#f3f4f6;color:#6b7280}' +
  '.stripe-emulator-payment__error{margin:0;font-size:14px;color:#b3261e}' +
  '.stripe-emulator-payment__error:empty{display:none}' +
  '.stripe-emulator-express{display:flex;flex-wrap:wrap;gap:8px}' +
  '.stripe-emulator-express__button{flex:1 1 12em;min-height:44px;padding:0 16px;' +
  'border:1px solid #000;border-radius:6px;background:#000;color:#fff;' +
  FONT +
  ';' +
  'font-weight:600;cursor:pointer}' +
  '.stripe-emulator-express__button--white{background:#fff;color:#000;border-color:#fff}' +
  '.stripe-emulator-express__button--white-outline{background:#fff;color:#000}' +
  '.stripe-emulator-express__button:focus-visible{outline:3px solid #635bff;outline-offset:2px}' +
  '.stripe-emulator-overlay{position:fixed;inset:0;z-index:2147483647;display:flex;' +
  'align-items:center;justify-content:center;padding:16px;background:rgba(10,37,64,.6)}' +
  '.stripe-emulator-dialog{box-sizing:border-box;width:100%;max-width:380px;padding:24px;' +
  'background:#fff;color:#1a1f36;border-radius:12px;box-shadow:0 10px 40px rgba(0,0,0,.3);' +
  'font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}' +
  '.stripe-emulator-dialog h2{margin:0 0 8px;font-size:20px}' +
  '.stripe-emulator-dialog p{margin:0 0 12px}' +
  '.stripe-emulator-dialog__note{font-size:13px;color:#4b5563}' +
  '.stripe-emulator-dialog__item{display:flex;justify-content:space-between;gap:12px}' +
  '.stripe-emulator-dialog__total{display:flex;justify-content:space-between;gap:12px;' +
  'padding:12px 0;margin:0 0 12px;border-top:1px solid #d1d5db;border-bottom:1px solid #d1d5db}' +
  '.stripe-emulator-dialog__status{font-weight:600}' +
  '.stripe-emulator-dialog__status:empty{display:none}' +
  '.stripe-emulator-dialog__status--failed{color:#b3261e}' +
  '.stripe-emulator-dialog__actions{display:flex;flex-wrap:wrap;gap:8px;margin-top:16px}' +
  '.stripe-emulator-dialog__button{flex:1 1 auto;min-height:44px;padding:8px 16px;' +
  'border:1px solid #0a2540;border-radius:8px;background:#fff;color:#0a2540;font:inherit;' +
  'font-weight:600;cursor:pointer}' +
  '.stripe-emulator-dialog__button--primary{background:#0a2540;color:#fff}' +
  '.stripe-emulator-dialog__button:focus-visible{outline:3px solid #635bff;outline-offset:2px}' +
  '.stripe-emulator-dialog__button:disabled{opacity:.6;cursor:default}';

export function addStripeStyle(): void {
  addStyle(STYLE_ID, CSS);
}

let uid = 0;

/** A new number for the ids of a Payment Element's inputs or of a dialog's heading. */
export function nextUid(): number {
  uid += 1;
  return uid;
}
