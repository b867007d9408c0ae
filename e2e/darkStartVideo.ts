// Makes at test time an mp4 (MediaRecorder on a canvas) whose first frames are black.
import type { BrowserContext } from '@playwright/test';
import sharp from 'sharp';

const BLACK_MS = 800;
const TOTAL_MS = 2_500;

/** Rec. 601 luma, 0 to 255. */
export async function meanLuma(image: Buffer) {
  const picture = sharp(image);
  const { width = 0, height = 0 } = await picture.metadata();
  const [r, g, b] = (await picture.stats()).channels.map((channel) => channel.mean);
  return { width, height, luma: 0.299 * r! + 0.587 * g! + 0.114 * b! };
}

export const dataUrlBytes = (url: string) => Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');

export interface DarkStartVideo {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** Fails here, not later, unless a <video> shows it black at 0.1 s and coloured at 1.5 s. */
export async function recordDarkStartVideo(context: BrowserContext): Promise<DarkStartVideo> {
  const page = await context.newPage();
  try {
    const { base64, frames } = await page.evaluate(
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

        const video = document.createElement('video');
        video.muted = true;
        video.src = URL.createObjectURL(blob);
        await new Promise((resolve) => (video.onloadedmetadata = resolve));
        const shown: string[] = [];
        for (const seconds of [0.1, 1.5]) {
          const frame = new Promise((resolve) => video.requestVideoFrameCallback(resolve));
          const seeked = new Promise((resolve) => (video.onseeked = resolve));
          video.currentTime = seconds;
          await Promise.all([frame, seeked]);
          const still = document.createElement('canvas');
          still.width = video.videoWidth;
          still.height = video.videoHeight;
          still.getContext('2d')!.drawImage(video, 0, 0);
          shown.push(still.toDataURL('image/png'));
        }
        URL.revokeObjectURL(video.src);

        const bytes = new Uint8Array(await blob.arrayBuffer());
        let binary = '';
        for (const byte of bytes) binary += String.fromCharCode(byte);
        return { base64: btoa(binary), frames: shown };
      },
      { blackMs: BLACK_MS, totalMs: TOTAL_MS },
    );
    const [early, late] = await Promise.all(frames.map((url) => meanLuma(dataUrlBytes(url))));
    if (!early || !late || early.luma > 4 || late.luma < 60) {
      throw new Error(
        `The recorded video is not black at 0.1 s and coloured at 1.5 s: ${JSON.stringify([early, late])}`,
      );
    }
    return { name: 'dark-start.mp4', mimeType: 'video/mp4', buffer: Buffer.from(base64, 'base64') };
  } finally {
    await page.close();
  }
}
