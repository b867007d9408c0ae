// DOM helpers both emulator scripts share (they run in the page, bundled one script each).

/** A new element with its class and text, each only when given. */
export function el<Tag extends keyof HTMLElementTagNameMap>(
  tag: Tag,
  className?: string,
  text?: string,
): HTMLElementTagNameMap[Tag] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text) node.textContent = text;
  return node;
}

/** Adds a script's style sheet to the page, once. */
export function addStyle(id: string, css: string): void {
  if (document.getElementById(id)) return;
  const style = document.createElement('style');
  style.id = id;
  style.textContent = css;
  (document.head || document.documentElement).appendChild(style);
}

/**
 * Where the running script was loaded from, which is where its emulator answers. Only right while
 * the script first runs (document.currentScript is null afterwards); `fallback` when it was not
 * loaded by a script tag.
 */
export function currentScriptUrl(fallback: string): URL {
  const self = document.currentScript as HTMLScriptElement | null;
  return new URL(self && self.src ? self.src : fallback, location.href);
}
