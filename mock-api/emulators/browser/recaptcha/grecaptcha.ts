// The `window.grecaptcha` subset react-google-recaptcha uses: render, reset, getResponse, execute
// and ready.
import { el } from '../dom';
import { renderCheckbox } from './checkbox';
import { addRecaptchaStyle } from './styles';
import { clear, setStatus, verify, type Widget, type WidgetParams } from './widget';

export interface Grecaptcha {
  emulated: true;
  render(container: unknown, params: unknown): number;
  reset(id?: unknown): void;
  getResponse(id?: unknown): string;
  execute(id?: unknown): void;
  ready(callback: () => void): void;
}

/** `tokenUrl`: where the checkbox asks for its token (the emulator's POST token). */
export function createGrecaptcha(tokenUrl: string): Grecaptcha {
  const widgets: Widget[] = [];

  function widgetFor(id: unknown): Widget {
    const widget = widgets[(id === undefined ? 0 : id) as number];
    if (!widget) throw new Error(`Invalid reCAPTCHA client id: ${id}`);
    return widget;
  }

  function render(container: unknown, params: unknown): number {
    const host = typeof container === 'string' ? document.getElementById(container) : container;
    if (!host || (host as Node).nodeType !== 1)
      throw new Error('reCAPTCHA placeholder element must be an element or id');
    const widgetParams = params as WidgetParams | null | undefined;
    if (!widgetParams || !widgetParams.sitekey)
      throw new Error('Missing required parameters: sitekey');
    const hostElement = host as HTMLElement;
    if (hostElement.getAttribute('data-grecaptcha-emulator') !== null) {
      throw new Error('reCAPTCHA has already been rendered in this element');
    }
    addRecaptchaStyle();
    const id = widgets.length;
    const widget: Widget = { params: widgetParams, response: '', pending: false, generation: 0 };
    widgets.push(widget);
    hostElement.setAttribute('data-grecaptcha-emulator', String(id));
    const textarea = el('textarea');
    textarea.name = 'g-recaptcha-response';
    textarea.hidden = true;
    widget.textarea = textarea;
    if (widgetParams.size !== 'invisible')
      hostElement.appendChild(renderCheckbox(widget, id, () => verify(widget, tokenUrl)));
    hostElement.appendChild(textarea);
    return id;
  }

  return {
    emulated: true,
    render,
    reset(id) {
      const widget = widgetFor(id);
      clear(widget);
      setStatus(widget, '');
    },
    getResponse: (id) => widgetFor(id).response,
    // For invisible widgets: verify without a click (a checkbox widget ignores it, as Google's).
    execute(id) {
      const widget = widgetFor(id);
      if (widget.params.size === 'invisible') verify(widget, tokenUrl);
    },
    ready(callback) {
      setTimeout(callback, 0);
    },
  };
}
