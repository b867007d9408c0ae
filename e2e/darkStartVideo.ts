// Makes, at test time, an mp4 whose first frames are black and whose later frames are not: Chromium
// records a canvas with MediaRecorder (H.264 in mp4, with its duration in the movie header, which
// the app and the mock API both read). Nothing generated is committed.
import type { BrowserContext } from '@playwright/test';

/** How long the recording is black, then coloured, measured on the recorder's own clock. */
const BLACK_MS = 800;
const TOTAL_MS = 2_500;

/** What the made video is meant to show at a time: checked before a test relies on it. */
interface FrameCheck {
  seconds: number;
  meanLuma: number;
}

export interface DarkStartVideo {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/**
 * Records the video in a blank page of `context`, then checks it as the app will read it: black at
 * 0.1 s (where a poster used to be taken) and coloured at 1.5 s. A recording that came out
 * otherwise (a machine too loaded to keep time) fails here, with what it saw, not later.
 */
export async function recordDarkStartVideo(context: BrowserContext): Promise<DarkStartVideo> {
  const page = await context.newPage();
  try {
    const { base64, checks } = await page.evaluate(
      async ({ blackMs, totalMs }) => {
        const canvas = document.createElement('canvas');
        canvas.width = 320;
        canvas.height = 240;
        const context2d = canvas.getContext('2d')!;
        const recorder = new MediaRecorder(canvas.captureStream(24), {
          mimeType: 'video/mp4;codecs=avc1',
        });
        const chunks: Blob[] = [];
        recorder.ondataavailable = (event) => chunks.push(event.data);
        const stopped = new Promise((resolve) => (recorder.onstop = resolve));
        let startedAt: number | undefined;
        recorder.onstart = () => (startedAt = performance.now());
        recorder.start();
        await new Promise<void>((resolve) => {
          const draw = () => {
            const elapsed = startedAt === undefined ? 0 : performance.now() - startedAt;
            context2d.fillStyle = elapsed < blackMs ? '#000' : `hsl(${elapsed / 10} 80% 50%)`;
            context2d.fillRect(0, 0, 320, 240);
            if (elapsed >= blackMs) {
              context2d.fillStyle = '#fff';
              context2d.fillRect(40 + ((elapsed / 20) % 200), 60, 80, 80);
            }
            if (elapsed >= totalMs) resolve();
            else requestAnimationFrame(draw);
          };
          draw();
        });
        recorder.stop();
        await stopped;
        const blob = new Blob(chunks, { type: 'video/mp4' });

        // The frames as a <video> shows them, with the mean luma (0 to 255) of each.
        const video = document.createElement('video');
        video.muted = true;
        video.src = URL.createObjectURL(blob);
        await new Promise((resolve) => (video.onloadedmetadata = resolve));
        const found: { seconds: number; meanLuma: number }[] = [];
        for (const seconds of [0.1, 1.5]) {
          const frame = new Promise((resolve) => video.requestVideoFrameCallback(resolve));
          const seeked = new Promise((resolve) => (video.onseeked = resolve));
          video.currentTime = seconds;
          await Promise.all([frame, seeked]);
          const probe = document.createElement('canvas');
          probe.width = 32;
          probe.height = 24;
          const probe2d = probe.getContext('2d')!;
          probe2d.drawImage(video, 0, 0, 32, 24);
          const { data } = probe2d.getImageData(0, 0, 32, 24);
          let sum = 0;
          for (let i = 0; i < data.length; i += 4) {
            sum += 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
          }
          found.push({ seconds, meanLuma: sum / (data.length / 4) });
        }
        URL.revokeObjectURL(video.src);

        const bytes = new Uint8Array(await blob.arrayBuffer());
        let binary = '';
        for (const byte of bytes) binary += String.fromCharCode(byte);
        return { base64: btoa(binary), checks: found };
      },
      { blackMs: BLACK_MS, totalMs: TOTAL_MS },
    );
    assertDarkStart(checks);
    return { name: 'dark-start.mp4', mimeType: 'video/mp4', buffer: Buffer.from(base64, 'base64') };
  } finally {
    await page.close();
  }
}

function assertDarkStart(checks: FrameCheck[]) {
  const [early, late] = checks;
  if (!early || !late || early.meanLuma > 4 || late.meanLuma < 60) {
    throw new Error(
      `The recorded video is not black at first and coloured later: ${JSON.stringify(checks)}`,
    );
  }
}
