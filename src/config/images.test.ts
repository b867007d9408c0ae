import fc from 'fast-check';
import {
  FEED_MEDIA_SLOT,
  fixedImage,
  fluidImage,
  GALLERY_CELL_SLOT,
  IMAGE_ROUTE,
  IMAGE_WIDTHS,
  apiMediaUrl,
  imageUrl,
  imageWidthFor,
  isResizable,
  type FluidSlot,
} from './images';

/** What the endpoint is asked for by one address the app prints. */
function asked(address: string) {
  const url = new URL(address, 'https://page.test');
  return {
    route: url.pathname,
    source: url.searchParams.get('url'),
    width: Number(url.searchParams.get('w')),
  };
}

/** A srcset's candidates, as a browser reads them. */
function candidates(srcSet: string | undefined) {
  return (srcSet ?? '').split(', ').map((candidate) => {
    const [address, descriptor] = candidate.split(' ');
    return { ...asked(address!), descriptor: descriptor! };
  });
}

/** How wide `sizes` says the picture is at a viewport width (the forms the app's slots use). */
function slotWidth(sizes: string, viewport: number): number {
  for (const entry of sizes.split(', ')) {
    const media = /^\(min-width: (\d+)px\) (.+)$/.exec(entry);
    if (media && viewport < Number(media[1])) continue;
    const value = media ? media[2]! : entry;
    const fixed = /^(\d+)px$/.exec(value);
    if (fixed) return Number(fixed[1]);
    const calc = /^calc\(\(?100vw - (\d+)px\)?(?: \/ (\d+))?\)$/.exec(value);
    if (calc) return (viewport - Number(calc[1])) / Number(calc[2] ?? 1);
    throw new Error(`unreadable sizes entry: ${entry}`);
  }
  throw new Error(`no sizes entry for ${viewport} px`);
}

/** The copy a browser takes: the narrowest that covers the slot's device pixels, else the widest. */
function chosenWidth(slot: FluidSlot, viewport: number, density: number): number {
  const widths = candidates(fluidImage('https://media.test/a.jpg', slot).srcSet).map(
    (c) => c.width,
  );
  const needed = slotWidth(slot.sizes, viewport) * density;
  return widths.find((width) => width >= needed) ?? Math.max(...widths);
}

const mediaUrl = fc.webUrl({ validSchemes: ['http', 'https'], withQueryParameters: true });
/** What the API names its media by: no query (one with a query is shown as it is). */
const resizableUrl = fc.webUrl({ validSchemes: ['http', 'https'] });

describe('imageUrl', () => {
  it('asks the endpoint for the very picture, at the width', () => {
    fc.assert(
      fc.property(mediaUrl, fc.constantFrom(...IMAGE_WIDTHS), (source, width) => {
        expect(asked(imageUrl(source, width))).toEqual({ route: IMAGE_ROUTE, source, width });
      }),
    );
  });
});

describe('isResizable', () => {
  it('resizes the media the API names, by address or path, and shows local pictures as they are', () => {
    expect(isResizable('https://media.test/seed/ava.jpg')).toBe(true);
    expect(isResizable('/media/seed/ava.jpg')).toBe(true);
    expect(asked(fixedImage('/media/a b.jpg', 44).src)).toEqual({
      route: IMAGE_ROUTE,
      source: '/media/a b.jpg',
      width: imageWidthFor(44),
    });
    for (const local of [
      'blob:https://page.test/1',
      '//media.test/a.jpg',
      'media/a.jpg',
      // A query is refused by the endpoint (unless the server keeps signed media URLs'): the
      // picture is shown from the address the API gave.
      'https://media.test/a.jpg?X-Amz-Signature=abc',
    ]) {
      expect(isResizable(local)).toBe(false);
      expect(fixedImage(local, 44)).toEqual({ src: local });
      expect(fluidImage(local, FEED_MEDIA_SLOT)).toEqual({ src: local });
    }
  });
});

describe('apiMediaUrl', () => {
  it('puts a path on an absolute API’s origin, and leaves every other address as the API gave it', () => {
    const live = 'https://api.grati.example/v1/api';
    expect(apiMediaUrl('/media/seed/ava-video-latte.mp4', live)).toBe(
      'https://api.grati.example/media/seed/ava-video-latte.mp4',
    );
    // The demo's same-origin API: the page's own origin serves its media.
    expect(apiMediaUrl('/media/a.mp4', '/api')).toBe('/media/a.mp4');
    for (const other of ['https://cdn.test/1.mp4', '//media.test/a.mp4', 'media/a.mp4']) {
      expect(apiMediaUrl(other, live)).toBe(other);
    }
  });
});

describe('fixedImage', () => {
  it('offers each density the narrowest copy that covers it, and none twice', () => {
    fc.assert(
      fc.property(resizableUrl, fc.integer({ min: 1, max: 800 }), (source, cssWidth) => {
        const image = fixedImage(source, cssWidth);
        const offered = candidates(image.srcSet);
        expect(offered[0]).toMatchObject({ descriptor: '1x', source, route: IMAGE_ROUTE });
        expect(asked(image.src)).toEqual(asked(imageUrl(source, imageWidthFor(cssWidth))));
        for (const { descriptor, width } of offered) {
          const pixels = cssWidth * Number.parseFloat(descriptor);
          expect(width).toBe(imageWidthFor(pixels));
        }
        const widths = offered.map((c) => c.width);
        expect(new Set(widths).size).toBe(widths.length);
      }),
    );
  });

  it("gives the avatars 1x, 2x and 3x copies no wider than the screen's pixels need", () => {
    const widths = (cssWidth: number) =>
      candidates(fixedImage('https://media.test/a.jpg', cssWidth).srcSet).map(
        (c) => `${c.width} ${c.descriptor}`,
      );
    expect(widths(96)).toEqual(['96 1x', '256 2x', '384 3x']);
    expect(widths(56)).toEqual(['96 1x', '144 2x', '256 3x']);
    expect(widths(44)).toEqual(['48 1x', '96 2x', '144 3x']);
  });
});

describe('fluidImage', () => {
  it("offers every width from the slot's smallest to its largest, with its sizes", () => {
    const image = fluidImage('https://media.test/a.jpg', {
      sizes: '50vw',
      smallest: 256,
      largest: 1080,
    });
    expect(candidates(image.srcSet).map((c) => `${c.width} ${c.descriptor}`)).toEqual([
      '256 256w',
      '384 384w',
      '640 640w',
      '828 828w',
      '1080 1080w',
    ]);
    expect(image.sizes).toBe('50vw');
    // What reads no srcset (a video's poster attribute) gets the copy for 1x at the widest layout.
    expect(asked(image.src).width).toBe(640);
  });
});

describe('the layout slots', () => {
  it("say how wide a feed card's photo is on a 390 px phone and on a 1280 px desktop", () => {
    expect(slotWidth(FEED_MEDIA_SLOT.sizes, 390)).toBe(356);
    expect(slotWidth(FEED_MEDIA_SLOT.sizes, 1280)).toBe(762);
    // A 3x phone gets the copy just covering its 1068 px, a 2x desktop the one covering 1524.
    expect(chosenWidth(FEED_MEDIA_SLOT, 390, 3)).toBe(1080);
    expect(chosenWidth(FEED_MEDIA_SLOT, 1280, 1)).toBe(828);
    expect(chosenWidth(FEED_MEDIA_SLOT, 1280, 2)).toBe(1600);
  });

  it('say how wide a gallery cell is, so a 3x phone gets a small copy', () => {
    expect(slotWidth(GALLERY_CELL_SLOT.sizes, 390)).toBeCloseTo(116.67, 1);
    expect(slotWidth(GALLERY_CELL_SLOT.sizes, 1280)).toBe(185);
    expect(chosenWidth(GALLERY_CELL_SLOT, 390, 3)).toBe(384);
    expect(chosenWidth(GALLERY_CELL_SLOT, 1280, 1)).toBe(256);
  });

  it('never say a gallery cell is narrower than the grid makes it between 768 and 1200 px', () => {
    // GalleryTab.css: as many columns of at least 160 px as fit, 8 px apart, in the second column.
    fc.assert(
      fc.property(fc.integer({ min: 768, max: 1199 }), (viewport) => {
        const tab = viewport - 436;
        const columns = Math.floor((tab + 8) / 168);
        const cell = (tab - 8 * (columns - 1)) / columns;
        expect(slotWidth(GALLERY_CELL_SLOT.sizes, viewport)).toBeGreaterThanOrEqual(cell);
        expect(slotWidth(GALLERY_CELL_SLOT.sizes, viewport)).toBeLessThan(cell * 1.55);
      }),
    );
  });
});
