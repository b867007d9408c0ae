import fc from 'fast-check';
import { gridWindow } from './gridWindow';

describe('gridWindow', () => {
  it('keeps a short gallery whole', () => {
    expect(
      gridWindow({ itemCount: 47, columns: 3, rowStride: 130 }, { start: 900, height: 800 }),
    ).toEqual({ start: 0, end: 47, padTop: 0, padBottom: 0 });
  });

  it('renders the rows around the viewport of a long gallery and pads the rest', () => {
    const win = gridWindow(
      { itemCount: 1000, columns: 3, rowStride: 130 },
      { start: 13_000, height: 844 },
      { minItems: 30 },
    );
    // Rows 93..112: the viewport's rows 100..106 and one viewport (844 px) above and below.
    expect(win).toEqual({ start: 279, end: 339, padTop: 93 * 130, padBottom: (334 - 113) * 130 });
  });

  const geometry = fc.record({
    itemCount: fc.integer({ min: 0, max: 5000 }),
    columns: fc.integer({ min: 1, max: 12 }),
    rowStride: fc.integer({ min: 20, max: 400 }),
  });
  const viewport = fc.record({
    start: fc.integer({ min: -3000, max: 2_000_000 }),
    height: fc.integer({ min: 100, max: 3000 }),
  });
  const options = fc.record({
    minItems: fc.integer({ min: 0, max: 300 }),
    overscan: fc.constantFrom(0, 0.5, 1, 2),
  });

  it('always keeps the full height, whole rows, the minimum and every visible item', () => {
    fc.assert(
      fc.property(geometry, viewport, options, (grid, view, opts) => {
        const win = gridWindow(grid, view, opts);
        const rows = Math.ceil(grid.itemCount / grid.columns);
        const renderedRows = Math.ceil((win.end - win.start) / grid.columns);
        // Padding plus rendered rows is every row: the scroll height never changes.
        expect(win.padTop + win.padBottom + renderedRows * grid.rowStride).toBe(
          rows * grid.rowStride,
        );
        expect(win.start % grid.columns).toBe(0);
        expect(win.end - win.start).toBeGreaterThanOrEqual(Math.min(grid.itemCount, opts.minItems));
        // Every row that intersects the viewport is rendered.
        const firstVisible = Math.max(0, Math.floor(view.start / grid.rowStride));
        const lastVisible = Math.min(rows, Math.ceil((view.start + view.height) / grid.rowStride));
        for (let row = firstVisible; row < lastVisible; row += 1) {
          expect(row * grid.columns).toBeGreaterThanOrEqual(win.start);
          expect(Math.min(grid.itemCount, (row + 1) * grid.columns)).toBeLessThanOrEqual(win.end);
        }
      }),
    );
  });
});
