// The house's size rules and its map (scripts/house.ts): measured on the repository itself.
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ROOM_LIMITS,
  brokenLinks,
  functionsOf,
  markdownFiles,
  measureHouse,
  productionFiles,
} from './house';

const ROOT = path.resolve(__dirname, '..');

describe('the measure', () => {
  it('finds every kind of function with its length and name', () => {
    const text = [
      'export function declared() {', // 1
      '  const arrow = () => {', // 2
      '    return 1;', // 3
      '  };', // 4
      '  return arrow;', // 5
      '}', // 6
      'const expression = function () {};', // 7
      'class Room { method() {', // 8
      '  return 2;', // 9
      '} }', // 10
      '(function () {', // 11
      '})();', // 12
    ].join('\n');
    const rooms = functionsOf('x.ts', text).map(({ name, line, lines }) => [name, line, lines]);
    expect(rooms).toEqual([
      ['declared', 1, 6],
      ['arrow', 2, 3],
      ['expression', 7, 1],
      ['method', 8, 3],
      ['(anonymous)', 11, 2],
    ]);
  });

  it('leaves tests, test helpers and the seed out of production files', () => {
    const files = productionFiles(ROOT);
    expect(files).toContain('mock-api/server.ts');
    expect(files).toContain('src/server/app.ts');
    expect(files).toContain('scripts/house.ts');
    expect(files).toContain('webpack.config.js');
    expect(files).toContain('bench/run.ts');
    expect(files.filter((file) => /\.test\.|\/testing\/|testing\.ts$|\/seed\//.test(file))).toEqual(
      [],
    );
  });

  it('finds a link to nothing, and not a link that resolves', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'house-'));
    mkdirSync(path.join(root, 'docs'));
    writeFileSync(path.join(root, 'docs', 'here.md'), '# here\n');
    writeFileSync(
      path.join(root, 'README.md'),
      '[ok](docs/here.md) [anchor](docs/here.md#here) [web](https://example.com) [gone](docs/gone.md)\n' +
        '```\n[in code](nowhere.md)\n```\n',
    );
    expect(brokenLinks(root, 'README.md')).toEqual(['docs/gone.md']);
  });
});

describe('the house', () => {
  const { files, functions } = measureHouse(ROOT);

  it(`has no production function over ${ROOM_LIMITS.functionLines} lines`, () => {
    const over = functions.filter((room) => room.lines > ROOM_LIMITS.functionLines);
    expect(over.map((room) => `${room.file}:${room.line} ${room.name} (${room.lines})`)).toEqual(
      [],
    );
  });

  it(`has no production file over ${ROOM_LIMITS.fileLines} lines`, () => {
    const over = files.filter((room) => room.lines > ROOM_LIMITS.fileLines);
    expect(over.map((room) => `${room.file} (${room.lines})`)).toEqual([]);
  });

  it('has a front door read in ten minutes, and docs whose links all resolve', () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    expect(readme.split('\n').length).toBeLessThanOrEqual(200);
    const broken = markdownFiles(ROOT).flatMap((file) =>
      brokenLinks(ROOT, file).map((link) => `${file}: ${link}`),
    );
    expect(broken).toEqual([]);
  });
});
