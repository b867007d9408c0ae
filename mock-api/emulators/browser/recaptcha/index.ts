// The reCAPTCHA emulator's browser script (GET /__recaptcha/api.js: ../../recaptcha.ts bundles
// this entry into one classic script). It defines `window.grecaptcha` (grecaptcha.ts), whose
// checkbox widget asks the emulator for its token (POST token next to this script). Like Google's
// api.js it calls the function named by its `onload` query parameter once grecaptcha is ready.
import { currentScriptUrl } from '../dom';
import { createGrecaptcha } from './grecaptcha';

interface EmulatedWindow {
  grecaptcha?: { emulated?: boolean };
  [name: string]: unknown;
}

const scriptUrl = currentScriptUrl('api.js');
const onloadName = scriptUrl.searchParams.get('onload');

// Loaded again, the first grecaptcha stays (with its widgets); onload is called all the same.
if (!(window as unknown as EmulatedWindow).grecaptcha?.emulated) {
  (window as unknown as EmulatedWindow).grecaptcha = createGrecaptcha(
    new URL('token', scriptUrl).href,
  );
}

// Asynchronously, as Google's does: loaders (react-async-script) expect the script's load event
// to come first.
if (onloadName) {
  setTimeout(() => {
    const onload = (window as unknown as EmulatedWindow)[onloadName];
    if (typeof onload === 'function') onload.call(window);
  }, 0);
}
