// The types of scripts/srcAlias.cjs (the `@/` alias for src/), for the TypeScript that reads it.
export declare const PREFIX: string;
export declare const DIR: string;
export declare function resolveAlias(name: string): string;
export declare const webpackAlias: Record<string, string>;
export declare const jestMapper: Record<string, string>;
