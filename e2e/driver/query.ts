// What a journey looks for, as a guest names it (role and accessible name, label, text), as plain
// data every driver reads (./driver.ts): Firefox and WebKit run it through Testing Library in the
// page (./testingLibrary.ts), then have their own accessibility tree confirm the element.

/** One step of a query: by role (and name), by text, or by CSS. */
export interface QueryStep {
  role?: string;
  name?: string;
  /** A name pattern's source and flags (a RegExp does not cross to the page). */
  pattern?: [string, string];
  text?: string;
  exact?: boolean;
  css?: string;
}

/** Steps from the outermost in (`within`), with a readable name. */
export interface Query {
  steps: QueryStep[];
  describe: string;
}

/**
 * An element by role and accessible name: the whole name for a string (as Testing Library's
 * getByRole matches one), or a pattern. Roles are ARIA's: a picture is `img`.
 */
export const byRole = (role: string, name?: string | RegExp): Query => ({
  steps: [name instanceof RegExp ? { role, pattern: [name.source, name.flags] } : { role, name }],
  describe: name === undefined ? `role ${role}` : `${role} ${JSON.stringify(String(name))}`,
});

/** A text field by its label (its accessible name), as getByLabelText finds it. */
export const byLabel = (label: string): Query => ({
  steps: [{ role: 'textbox', name: label }],
  describe: `textbox "${label}"`,
});

/** The innermost elements whose own text contains `text` (getByText with exact: false). */
export const byText = (text: string): Query => ({
  steps: [{ text, exact: false }],
  describe: `text "${text}"`,
});

/** The innermost elements whose own text is `text` (getByText). */
export const exactText = (text: string): Query => ({
  steps: [{ text, exact: true }],
  describe: `exact text "${text}"`,
});

/** Elements by CSS, where no name serves (the video element a play button starts). */
export const byCss = (css: string): Query => ({ steps: [{ css }], describe: css });

/** `inner` inside any match of `outer`: `within(byRole('dialog'), byRole('button', 'OK'))`. */
export const within = (outer: Query, inner: Query): Query => ({
  steps: [...outer.steps, ...inner.steps],
  describe: `${inner.describe} in ${outer.describe}`,
});
