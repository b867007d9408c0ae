// For the image endpoint's tests (and the bench): real HTTP servers on free ports that count what
// reaches them, and decompression bombs made when asked (never committed).
import { once } from 'node:events';
import {
  createServer,
  request,
  type IncomingHttpHeaders,
  type OutgoingHttpHeaders,
  type RequestListener,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { crc32, createDeflate } from 'node:zlib';
import sharp from 'sharp';

export interface TestServer {
  /** `http://127.0.0.1:<port>` (a server on `::` is reached at this address too). */
  origin: string;
  port: number;
  /** TCP connections accepted so far: a server nobody may reach must stay at 0. */
  readonly connections: number;
  /** The path and query of every request, in order. */
  readonly requests: string[];
  close(): Promise<void>;
}

/** Starts `handler` on a free port; `host` '::' takes IPv6 and IPv4 (loopback included). */
export async function startServer(
  handler: RequestListener,
  host = '127.0.0.1',
): Promise<TestServer> {
  let connections = 0;
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(req.url ?? '');
    handler(req, res);
  });
  server.on('connection', () => {
    connections += 1;
  });
  server.listen(0, host);
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    get connections() {
      return connections;
    },
    requests,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

export interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One GET on a connection of its own, its body read whole. */
export function httpGet(url: string, headers: OutgoingHttpHeaders = {}): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    request(url, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    })
      .on('error', reject)
      .end();
  });
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A valid, all-black PNG of `side` x `side` pixels at one bit a pixel: at 30,000 (900
 * megapixels, which a decoder expands to 900 MB and more) it is about 110 KB.
 */
export async function makePngBomb(side = 30_000): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  // Each row: its filter byte (0) and side / 8 bytes of black, fed 256 rows at a time.
  const rowBytes = 1 + Math.ceil(side / 8);
  const rows = Buffer.alloc(rowBytes * 256);
  const deflate = createDeflate({ level: 9 });
  const compressed: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => compressed.push(chunk));
  const done = once(deflate, 'end');
  Readable.from(
    (function* () {
      for (let row = 0; row < side; row += 256) {
        yield rows.subarray(0, Math.min(256, side - row) * rowBytes);
      }
    })(),
  ).pipe(deflate);
  await done;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.concat(compressed)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A tiny JPEG whose frame header (SOF0) claims `side` x `side` pixels (65,000: 4 gigapixels). */
export async function makeJpegBomb(side = 65_000): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#777' } })
    .jpeg()
    .toBuffer();
  const frame = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  // SOF0: marker, length (2), precision (1), height (2), width (2).
  jpeg.writeUInt16BE(side, frame + 5);
  jpeg.writeUInt16BE(side, frame + 7);
  return jpeg;
}
