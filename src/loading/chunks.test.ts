// Each chunk is named once: every `webpackChunkName` in the app sits in a lazyPart or lazyModule
// call that names the same chunk, and every such name is one of src/loading/chunks.json's.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CHUNK_NAMES } from './chunks';

const SRC = path.join(__dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** Each lazyPart/lazyModule call's chunk name, with the chunk comments up to the next call. */
function chunkUses(text: string): { call: string | null; comments: string[] }[] {
  const segments = text.split(/\blazy(?:Part|Module)\(\s*/);
  return segments.map((segment, index) => ({
    call: index === 0 ? null : (/^'([\w-]+)'/.exec(segment)?.[1] ?? '(not a literal)'),
    comments: [...segment.matchAll(/webpackChunkName:\s*"([\w-]+)"/g)].map((match) => match[1]!),
  }));
}

describe('chunk names', () => {
  // The layer's own modules define the calls; the rest of the app makes them.
  const uses = sources(SRC)
    .filter((file) => !file.startsWith(__dirname))
    .flatMap((file) =>
      chunkUses(readFileSync(file, 'utf8')).map((use) => ({
        file: path.relative(SRC, file),
        ...use,
      })),
    );

  it('finds the lazy parts it checks', () => {
    expect(uses.filter((use) => use.call !== null).length).toBeGreaterThan(10);
  });

  it('puts every chunk comment in a lazyPart or lazyModule call of the same name', () => {
    const wrong = uses.flatMap((use) =>
      use.comments
        .filter((comment) => comment !== use.call)
        .map((comment) => `${use.file}: "${comment}" in ${use.call ?? 'no lazy part'}`),
    );
    expect(wrong).toEqual([]);
  });

  it('names only chunks that chunks.json lists', () => {
    const unknown = uses
      .filter((use) => use.call !== null && !CHUNK_NAMES.includes(use.call as never))
      .map((use) => `${use.file}: ${use.call}`);
    expect(unknown).toEqual([]);
  });

  it('catches a comment outside the layer, or one that says another name', () => {
    expect(chunkUses(`import(/* webpackChunkName: "tabs" */ './x')`)[0]).toEqual({
      call: null,
      comments: ['tabs'],
    });
    expect(
      chunkUses(`lazyPart('tabs', () => import(/* webpackChunkName: "home" */ './x'))`)[1],
    ).toEqual({ call: 'tabs', comments: ['home'] });
  });
});
