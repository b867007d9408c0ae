// Form parameters as express parses them (`a[b]=c` nests), and the readers the endpoints share.

/** A parsed form body or query string. */
export type Fields = Record<string, unknown>;

export function asFields(value: unknown): Fields | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Fields)
    : undefined;
}

export function integerField(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (typeof value === 'string' && /^-?\d{1,15}$/.test(value.trim())) return Number(value);
  return undefined;
}
