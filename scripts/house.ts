// The house's size rules, measured with TypeScript's own parser: no production function over
// ROOM_LIMITS.functionLines lines and no production file over ROOM_LIMITS.fileLines, in src/,
// mock-api/, scripts/ and bench/ and in the root's webpack.config.js (tests, test helpers, the
// seed and generated files aside); and docs whose relative links resolve. `npx tsx
// scripts/house.ts` prints the largest rooms; house.test.ts keeps the limits in `npm test`.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const ROOM_LIMITS = { functionLines: 200, fileLines: 400 } as const;
export const PRODUCTION_DIRS = ['src', 'mock-api', 'scripts', 'bench'] as const;
/** Production files at the repository's root, measured beside the folders. */
export const PRODUCTION_ROOT_FILES = ['webpack.config.js'] as const;

const SOURCE = /\.(?:tsx?|jsx?|mjs|cjs)$/;
const NOT_PRODUCTION = [
  /\.(?:test|spec)\.[cm]?[jt]sx?$/,
  /(?:^|\/)src\/testing\//,
  /(?:^|\/)testing\.ts$/,
  /(?:^|\/)mock-api\/seed\//,
  /(?:^|\/)mock-api\/\.data\//,
  /(?:^|\/)node_modules\//,
];

export interface Room {
  file: string;
  lines: number;
}
export interface FunctionRoom extends Room {
  name: string;
  line: number;
}

function walk(dir: string, out: string[]): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && !entry.name.startsWith('.')) walk(full, out);
    } else if (SOURCE.test(entry.name)) out.push(full);
  }
  return out;
}

/** The production source files of PRODUCTION_DIRS and PRODUCTION_ROOT_FILES, relative to root. */
export function productionFiles(root: string): string[] {
  const rootFiles = PRODUCTION_ROOT_FILES.map((file) => path.join(root, file)).filter(existsSync);
  return [...PRODUCTION_DIRS.flatMap((dir) => walk(path.join(root, dir), [])), ...rootFiles]
    .map((file) => path.relative(root, file).split(path.sep).join('/'))
    .filter((file) => !NOT_PRODUCTION.some((pattern) => pattern.test(file)))
    .sort();
}

function functionName(node: ts.FunctionLikeDeclaration): string {
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) {
    return parent.name.getText();
  }
  return '(anonymous)';
}

/** Every function (declarations, methods, arrows, expressions) of one source text, by length. */
export function functionsOf(file: string, text: string): FunctionRoom[] {
  const kind = /\.[jt]sx$/.test(file) ? ts.ScriptKind.TSX : undefined;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const rooms: FunctionRoom[] = [];
  const lineOf = (pos: number) => source.getLineAndCharacterOfPosition(pos).line;
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = lineOf(node.getStart(source));
      rooms.push({
        file,
        name: functionName(node as ts.FunctionLikeDeclaration),
        line: first + 1,
        lines: lineOf(node.getEnd()) - first + 1,
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return rooms;
}

export function measureHouse(root: string): { files: Room[]; functions: FunctionRoom[] } {
  const files: Room[] = [];
  const functions: FunctionRoom[] = [];
  for (const file of productionFiles(root)) {
    const text = readFileSync(path.join(root, file), 'utf8');
    files.push({ file, lines: text.split('\n').length - (text.endsWith('\n') ? 1 : 0) });
    functions.push(...functionsOf(file, text));
  }
  const byLength = (a: Room, b: Room) => b.lines - a.lines;
  return { files: files.sort(byLength), functions: functions.sort(byLength) };
}

/** Markdown files of the repository (not dependencies or generated folders). */
export function markdownFiles(root: string): string[] {
  const skip = new Set(['node_modules', 'dist', 'dist-server', 'test-results', 'e2e-artifacts']);
  const out: string[] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || skip.has(entry.name)) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (entry.name.endsWith('.md')) out.push(path.relative(root, full));
    }
  };
  visit(root);
  return out.sort();
}

const LINK = /\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;

/** The relative links of one markdown file that point at no file or folder. */
export function brokenLinks(root: string, file: string): string[] {
  const text = readFileSync(path.join(root, file), 'utf8').replace(/```[\s\S]*?```/g, '');
  const broken: string[] = [];
  for (const [, target] of text.matchAll(LINK)) {
    if (!target || /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) continue;
    const withoutAnchor = decodeURI(target.split('#')[0] ?? '');
    const resolved = path.resolve(root, path.dirname(file), withoutAnchor);
    if (
      !existsSync(resolved) ||
      !(statSync(resolved).isFile() || statSync(resolved).isDirectory())
    ) {
      broken.push(target);
    }
  }
  return broken;
}

if (require.main === module) {
  const root = path.resolve(__dirname, '..');
  const { files, functions } = measureHouse(root);
  console.log(`Largest functions (limit ${ROOM_LIMITS.functionLines} lines):`);
  for (const room of functions.slice(0, 8)) {
    console.log(`  ${room.lines}\t${room.file}:${room.line} ${room.name}`);
  }
  console.log(`Largest files (limit ${ROOM_LIMITS.fileLines} lines):`);
  for (const room of files.slice(0, 8)) console.log(`  ${room.lines}\t${room.file}`);
}
