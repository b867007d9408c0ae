// A rendered widget's state and its round trip: checking the box asks the emulator for a token,
// hands it to `callback`, and after the token's lifetime calls `expired-callback`, as Google's
// widget does.

/** grecaptcha.render()'s parameters (Google's names). */
export interface WidgetParams {
  sitekey: string;
  theme?: string;
  size?: string;
  tabindex?: number;
  callback?: unknown;
  'expired-callback'?: unknown;
  'error-callback'?: unknown;
}

export interface Widget {
  params: WidgetParams;
  /** The token, '' until verified. */
  response: string;
  pending: boolean;
  /** Counts resets: an answer to an older request is ignored. */
  generation: number;
  /** Google's widget keeps the token in a hidden textarea for plain form posts. */
  textarea?: HTMLTextAreaElement;
  /** The checkbox and its status line (an invisible widget has neither). */
  input?: HTMLInputElement;
  status?: HTMLElement;
  expiryTimer?: ReturnType<typeof setTimeout>;
}

interface TokenAnswer {
  token: string;
  expiresInMs: number;
}

/** A callback given as a function, or as the name of a global function. */
function call(fn: unknown, arg?: unknown): void {
  const callback = typeof fn === 'string' ? (window as unknown as Record<string, unknown>)[fn] : fn;
  if (typeof callback === 'function') callback(arg);
}

/** POST token next to the script: { sitekey } -> { token, expiresInMs }. */
function requestToken(
  tokenUrl: string,
  widget: Widget,
  done: (error: Error | null, body?: TokenAnswer) => void,
): void {
  const xhr = new XMLHttpRequest();
  xhr.open('POST', tokenUrl);
  // A form body keeps this a simple cross-origin request (no preflight).
  xhr.setRequestHeader('Content-Type', 'application/x-www-form-urlencoded');
  xhr.responseType = 'json';
  xhr.onload = () => {
    const body = xhr.response as Partial<TokenAnswer> | null;
    if (xhr.status === 200 && body && typeof body.token === 'string')
      done(null, body as TokenAnswer);
    else done(new Error('token request failed'));
  };
  xhr.onerror = () => done(new Error('token request failed'));
  xhr.send(`sitekey=${encodeURIComponent(widget.params.sitekey)}`);
}

export function setStatus(widget: Widget, text: string): void {
  if (widget.status) widget.status.textContent = text;
}

/** Back to unverified: no token, the box unchecked, any request in flight forgotten. */
export function clear(widget: Widget): void {
  clearTimeout(widget.expiryTimer);
  widget.generation += 1;
  widget.response = '';
  widget.pending = false;
  if (widget.textarea) widget.textarea.value = '';
  if (widget.input) {
    widget.input.checked = false;
    widget.input.removeAttribute('aria-busy');
  }
}

/** Asks for a token (once at a time); then `callback`, or `error-callback` and a status line. */
export function verify(widget: Widget, tokenUrl: string): void {
  if (widget.pending) return;
  widget.pending = true;
  const generation = widget.generation;
  widget.input?.setAttribute('aria-busy', 'true');
  setStatus(widget, '');
  requestToken(tokenUrl, widget, (error, body) => {
    if (generation !== widget.generation) return; // reset meanwhile
    widget.pending = false;
    widget.input?.removeAttribute('aria-busy');
    if (error || !body) {
      clear(widget);
      setStatus(widget, 'Verification failed. Check the checkbox again.');
      call(widget.params['error-callback']);
      return;
    }
    widget.response = body.token;
    if (widget.textarea) widget.textarea.value = body.token;
    if (widget.input) widget.input.checked = true;
    widget.expiryTimer = setTimeout(() => {
      clear(widget);
      setStatus(widget, 'Verification expired. Check the checkbox again.');
      call(widget.params['expired-callback']);
    }, body.expiresInMs);
    call(widget.params.callback, body.token);
  });
}
