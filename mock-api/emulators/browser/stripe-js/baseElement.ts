// What every Element shares: mount into a host, unmount, destroy, focus and blur.
import { Emitter } from './emitter';
import { integrationError, MESSAGES } from './integrationErrors';
import { addStripeStyle } from './styles';
import type { ElementGroup, ElementType } from './types';

const HOST_CLASSES = [
  'StripeElement',
  'StripeElement--focus',
  'StripeElement--empty',
  'StripeElement--complete',
  'StripeElement--invalid',
];

export abstract class BaseElement<Options extends object> extends Emitter {
  /** The app's element the Element is mounted in (which gets Stripe's StripeElement classes). */
  protected host: HTMLElement | null = null;
  /** What the Element rendered into its host. */
  protected root: HTMLElement | null = null;
  protected options: Options;
  private destroyed = false;
  private focused = false;

  constructor(
    protected readonly group: ElementGroup,
    readonly _type: ElementType,
    options: unknown,
  ) {
    super();
    this.options = { ...(options || {}) } as Options;
  }

  /** The Element's content, rendered at each mount. */
  protected abstract render(): HTMLElement;

  /** After the content is in the page: the Element's `ready` (or `loaderror`) comes from here. */
  protected abstract mounted(): void;

  mount(target: unknown): void {
    if (this.destroyed) throw integrationError(MESSAGES.destroyed);
    const host = typeof target === 'string' ? document.querySelector(target) : target;
    if (!host || (host as Node).nodeType !== 1) throw integrationError(MESSAGES.noTarget(target));
    if (this.host) throw integrationError(MESSAGES.mounted);
    addStripeStyle();
    this.host = host as HTMLElement;
    const root = this.render();
    this.root = root;
    this.watchFocus(root);
    this.host.appendChild(root);
    this.host.classList.add('StripeElement');
    this.mounted();
  }

  unmount(): void {
    if (!this.host) return;
    this.host.classList.remove(...HOST_CLASSES);
    this.root?.parentNode?.removeChild(this.root);
    this.host = null;
    this.root = null;
    this.focused = false;
  }

  destroy(): void {
    this.unmount();
    this.destroyed = true;
    this.removeAllListeners();
    this.group._forget(this);
  }

  focus(): void {
    this.root?.querySelector<HTMLElement>('input, select, button')?.focus();
  }

  blur(): void {
    const active = document.activeElement as HTMLElement | null;
    if (this.root && active && this.root.contains(active)) active.blur();
  }

  _isMounted(): boolean {
    return this.host !== null;
  }

  /** focus / blur for the element as a whole (not per input), and Escape, as Stripe emits them. */
  private watchFocus(root: HTMLElement): void {
    const payload = { elementType: this._type };
    root.addEventListener('focusin', () => {
      if (this.focused) return;
      this.focused = true;
      this.host?.classList.add('StripeElement--focus');
      this.emit('focus', payload);
    });
    root.addEventListener('focusout', (event) => {
      if (event.relatedTarget && root.contains(event.relatedTarget as Node)) return;
      this.focused = false;
      this.host?.classList.remove('StripeElement--focus');
      this.emit('blur', payload);
    });
    root.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') this.emit('escape', payload);
    });
  }
}
