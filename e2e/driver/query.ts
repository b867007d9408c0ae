// What a journey looks for, as a guest names it, as plain data every driver reads.

export interface QueryStep {
  role?: string;
  name?: string;
  /** A name pattern's source and flags (a RegExp does not cross to the page). */
  pattern?: [string, string];
  text?: string;
  exact?: boolean;
  css?: string;
}

/** Steps from the outermost in (`within`). */
export interface Query {
  steps: QueryStep[];
  describe: string;
}

/** The whole name for a string, as getByRole matches one; roles are ARIA's (`img`). */
export const byRole = (role: string, name?: string | RegExp): Query => ({
  steps: [name instanceof RegExp ? { role, pattern: [name.source, name.flags] } : { role, name }],
  describe: name === undefined ? `role ${role}` : `${role} ${JSON.stringify(String(name))}`,
});

export const byLabel = (label: string): Query => ({
  steps: [{ role: 'textbox', name: label }],
  describe: `textbox "${label}"`,
});

/** The innermost elements whose own text contains `text` (getByText with exact: false). */
export const byText = (text: string): Query => ({
  steps: [{ text, exact: false }],
  describe: `text "${text}"`,
});

export const exactText = (text: string): Query => ({
  steps: [{ text, exact: true }],
  describe: `exact text "${text}"`,
});

export const byCss = (css: string): Query => ({ steps: [{ css }], describe: css });

export const within = (outer: Query, inner: Query): Query => ({
  steps: [...outer.steps, ...inner.steps],
  describe: `${inner.describe} in ${outer.describe}`,
});
