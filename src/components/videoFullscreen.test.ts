import { fullscreenWay, type WebKitVideoElement } from './videoFullscreen';

const video = (api: Partial<Record<'requestFullscreen' | 'webkitEnterFullscreen', () => void>>) =>
  api as unknown as WebKitVideoElement;

describe('fullscreenWay', () => {
  it("is the element's Fullscreen API wherever there is one, even beside WebKit's (Chromium)", () => {
    expect(fullscreenWay(video({ requestFullscreen: jest.fn() }))).toBe('element');
    expect(
      fullscreenWay(video({ requestFullscreen: jest.fn(), webkitEnterFullscreen: jest.fn() })),
    ).toBe('element');
  });

  it("is the video's own player where that is all there is (iPhone)", () => {
    expect(fullscreenWay(video({ webkitEnterFullscreen: jest.fn() }))).toBe('video');
  });

  it('is none without either: the video plays where it is', () => {
    expect(fullscreenWay(video({}))).toBe('none');
  });
});
