// Which part of a long gallery grid is in the DOM: the rows near the viewport, and at least
// `minItems` items (so a short gallery is always whole). The rows left out are replaced by
// padding of the same height, so the grid keeps its full height and scroll position.

export interface GridGeometry {
  itemCount: number;
  /** Items per row (the grid's column count), at least 1. */
  columns: number;
  /** One row's height plus the gap below it, in px. */
  rowStride: number;
}

export interface GridViewport {
  /** The viewport's top, in px from the grid's top (negative while the grid is below it). */
  start: number;
  height: number;
}

export interface GridWindow {
  /** The first item rendered (inclusive) and the end (exclusive). */
  start: number;
  end: number;
  /** Padding standing in for the rows above and below, in px. */
  padTop: number;
  padBottom: number;
}

export const GRID_OVERSCAN_VIEWPORTS = 1;
export const GRID_MIN_ITEMS = 120;

export function gridWindow(
  { itemCount, columns, rowStride }: GridGeometry,
  viewport: GridViewport,
  { minItems = GRID_MIN_ITEMS, overscan = GRID_OVERSCAN_VIEWPORTS } = {},
): GridWindow {
  const cols = Math.max(1, Math.floor(columns));
  const rows = Math.ceil(itemCount / cols);
  if (rows === 0 || !(rowStride > 0)) {
    return { start: 0, end: Math.min(itemCount, minItems), padTop: 0, padBottom: 0 };
  }
  const margin = viewport.height * overscan;
  const clampRow = (row: number) => Math.min(rows, Math.max(0, row));
  let first = clampRow(Math.floor((viewport.start - margin) / rowStride));
  let last = clampRow(Math.ceil((viewport.start + viewport.height + margin) / rowStride));
  if (last <= first) last = Math.min(rows, first + 1);
  const wanted = Math.min(itemCount, minItems);
  const count = () => Math.min(itemCount, last * cols) - first * cols;
  // Grow around the viewport until the minimum is in: below first, then above.
  while (count() < wanted) {
    if (last < rows) last += 1;
    if (count() < wanted && first > 0) first -= 1;
  }
  return {
    start: first * cols,
    end: Math.min(itemCount, last * cols),
    padTop: first * rowStride,
    padBottom: (rows - last) * rowStride,
  };
}
