import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { formatAbsoluteTime, formatRelativeTime } from './relativeTime';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// 2024-11-15 15:45 UTC, which is 10:45 AM in New York (EST, UTC-5; EDT, UTC-4, ended 3 November).
const NOW = Date.UTC(2024, 10, 15, 15, 45);

const ago = (ms: number, timeZone = 'UTC') => formatRelativeTime(NOW - ms, NOW, timeZone);
const utc = (created: number | string | Date, now: number | Date) =>
  formatRelativeTime(created, now, 'UTC');
/** [age, text] rows from each text and the ages that show it. */
const rows = (bands: [string, number[]][]) =>
  bands.flatMap(([text, ages]) => ages.map((ms): [number, string] => [ms, text]));

describe('formatRelativeTime', () => {
  describe('bands and boundaries (UTC)', () => {
    it.each(
      rows([
        ['Just now', [0, 60 * SECOND - 1]],
        ['1 minute ago', [60 * SECOND, 119 * SECOND]],
        ['59 minutes ago', [59 * MINUTE + 59 * SECOND]],
        ['1 hour ago', [60 * MINUTE, 2 * HOUR - 1]],
        ['23 hours ago', [23 * HOUR + 59 * MINUTE, DAY - 1]],
        ['Yesterday | 3:45 PM', [DAY]],
        ['Yesterday | 12:00 AM', [DAY + 15 * HOUR + 45 * MINUTE]],
        ['13 November | 11:59 PM', [DAY + 15 * HOUR + 45 * MINUTE + 1]],
        ['16 October | 3:45 PM', [30 * DAY - 1]],
        ['1 month ago', [30 * DAY, 59 * DAY, 60 * DAY - 1]],
        ['2 months ago', [60 * DAY]],
        ['12 months ago', [365 * DAY]],
      ]),
    )('%d ms ago is %j', (ms, expected) => {
      expect(ago(ms)).toBe(expected);
    });
  });

  describe('bands and boundaries (America/New_York)', () => {
    const NY = 'America/New_York';
    it.each(
      rows([
        ['23 hours ago', [23 * HOUR + 59 * MINUTE]],
        ['Yesterday | 10:45 AM', [DAY]],
        ['Yesterday | 12:00 AM', [DAY + 10 * HOUR + 45 * MINUTE]],
        ['13 November | 11:59 PM', [DAY + 10 * HOUR + 46 * MINUTE]],
        // 2024-10-16 16:45 UTC is 12:45 PM in New York under daylight time.
        ['16 October | 12:45 PM', [29 * DAY + 23 * HOUR]],
        ['1 month ago', [30 * DAY]],
      ]),
    )('%d ms ago is %j', (ms, expected) => {
      expect(ago(ms, NY)).toBe(expected);
    });
  });

  it('reads "yesterday" as a calendar day in the given time zone', () => {
    // now: 15 Nov 03:00 UTC, which is 14 Nov 10:00 PM in New York and 15 Nov 12:00 PM in Tokyo.
    const now = Date.UTC(2024, 10, 15, 3, 0);
    // created: 13 Nov 11:30 PM UTC, 13 Nov 6:30 PM in New York, 14 Nov 8:30 AM in Tokyo.
    const created = Date.UTC(2024, 10, 13, 23, 30);
    expect(utc(created, now)).toBe('13 November | 11:30 PM');
    expect(formatRelativeTime(created, now, 'America/New_York')).toBe('Yesterday | 6:30 PM');
    expect(formatRelativeTime(created, now, 'Asia/Tokyo')).toBe('Yesterday | 8:30 AM');
  });

  it('shows the date for a 24-hour-old item on the same day, on a 25-hour DST day', () => {
    // 3 Nov 2024 in New York runs from 04:00 UTC to 05:00 UTC the next day.
    const created = Date.UTC(2024, 10, 3, 4, 30); // 12:30 AM EDT
    const now = created + DAY + 10 * MINUTE; // 11:40 PM EST, the same calendar day
    expect(formatRelativeTime(created, now, 'America/New_York')).toBe('3 November | 12:30 AM');
  });

  it('writes the time as en-US h:mm AM/PM with a plain space', () => {
    const now = Date.UTC(2024, 10, 15, 23, 0);
    const at = (h: number, m: number) => utc(Date.UTC(2024, 10, 14, h, m), now);
    expect(at(9, 5)).toBe('Yesterday | 9:05 AM');
    expect(at(12, 0)).toBe('Yesterday | 12:00 PM');
  });

  it('treats a future timestamp (clock skew) as just now', () => {
    expect(ago(-1)).toBe('Just now');
    expect(ago(-400 * DAY)).toBe('Just now');
  });

  it('accepts an ISO string, a number or a Date for createdAt and a Date for now', () => {
    const nowDate = new Date(NOW);
    expect(utc('2024-11-15T15:40:00.000Z', nowDate)).toBe('5 minutes ago');
    expect(utc(NOW - 3 * HOUR, nowDate)).toBe('3 hours ago');
    expect(utc(new Date(NOW - 2 * DAY), nowDate)).toBe('13 November | 3:45 PM');
    expect(utc('2024-11-14T15:45:00+00:00', NOW)).toBe('Yesterday | 3:45 PM');
  });

  it('crosses month and year ends when finding yesterday', () => {
    const newYear = Date.UTC(2025, 0, 1, 12, 0);
    expect(utc(Date.UTC(2024, 11, 31, 8, 15), newYear)).toBe('Yesterday | 8:15 AM');
    expect(utc(Date.UTC(2024, 11, 30, 8, 15), newYear)).toBe('30 December | 8:15 AM');
    const march = Date.UTC(2024, 2, 1, 12, 0); // 2024 is a leap year
    expect(utc(Date.UTC(2024, 1, 29, 6, 0), march)).toBe('Yesterday | 6:00 AM');
  });

  it('gives an empty string (no full moment) for an unparseable date', () => {
    expect(utc('not a date', NOW)).toBe('');
    expect(utc(NOW, Number.NaN)).toBe('');
    expect(formatAbsoluteTime('not a date')).toBeUndefined();
  });

  describe('in the runtime zone', () => {
    // Node reads TZ when it starts (Jest keeps its own copy of process.env), so each zone is a
    // child Node that compares, for the same instants, the local path with the zone named.
    const compareIn = (zone: string) => {
      const script = `
        const { formatAbsoluteTime, formatRelativeTime } = require(${JSON.stringify(require.resolve('./relativeTime'))});
        const DAY = 86400000;
        const intl = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: ${JSON.stringify(zone)} });
        let seed = 7;
        const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
        const mismatches = [];
        for (let i = 0; i < 4000; i++) {
          const now = Date.UTC(1990, 0, 1) + Math.floor(random() * 70 * 365 * DAY);
          const created = now - Math.floor(random() * 31 * DAY);
          const local = formatRelativeTime(created, now);
          const named = formatRelativeTime(created, now, ${JSON.stringify(zone)});
          if (local !== named) mismatches.push([created, now, local, named]);
          const full = formatAbsoluteTime(created);
          const expected = intl.format(created).replace(/\\u202f/g, ' ');
          if (full !== expected) mismatches.push([created, full, expected]);
        }
        console.log(JSON.stringify({ zone: Intl.DateTimeFormat().resolvedOptions().timeZone, mismatches }));
      `;
      const output = execFileSync(process.execPath, ['--import', 'tsx', '-e', script], {
        env: { ...process.env, TZ: zone },
        encoding: 'utf8',
      });
      return JSON.parse(output) as { zone: string; mismatches: unknown[] };
    };

    // Zones with DST both ways, a half-hour offset, a 30-minute DST shift and a date-line jump.
    it.each(['America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe', 'Pacific/Apia', 'UTC'])(
      'says what the zone named says, relative and in full, in %s',
      (zone) => {
        const result = compareIn(zone);
        // The child ran in that zone (under ICU's own name for it: Asia/Calcutta, say).
        expect(result.zone).toBe(
          new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone,
        );
        expect(result.mismatches).toEqual([]);
      },
    );
  });

  describe('properties', () => {
    // Order of the bands from newest to oldest; within a counted band, by the count.
    const rank = (text: string): [number, number] => {
      if (text === 'Just now') return [0, 0];
      const counted = /^(\d+) (minute|hour|month)s? ago$/.exec(text);
      if (counted) {
        const band = { minute: 1, hour: 2, month: 4 }[counted[2] as 'minute' | 'hour' | 'month'];
        return [band, Number(counted[1])];
      }
      if (text.startsWith('Yesterday | ')) return [3, 0];
      if (/^\d{1,2} [A-Z][a-z]+ \| \d{1,2}:\d{2} [AP]M$/.test(text)) return [3, 1];
      throw new Error(`unexpected format: ${text}`);
    };
    const notNewer = ([bandA, countA]: [number, number], [bandB, countB]: [number, number]) =>
      bandA < bandB || (bandA === bandB && countA <= countB);

    const maxAge = 3 * 365 * DAY;
    const age = fc.oneof(
      fc.integer({ min: -DAY, max: maxAge }),
      fc
        .constantFrom(0, MINUTE, HOUR, DAY, 2 * DAY, 30 * DAY, 60 * DAY)
        .chain((edge) => fc.integer({ min: edge - 2, max: edge + 2 })),
    );
    const nowArb = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) });

    it('never shows an older item as newer (UTC, Yesterday before other dates)', () => {
      fc.assert(
        fc.property(nowArb, age, age, (now, a, b) => {
          const [younger, older] = a <= b ? [a, b] : [b, a];
          const first = rank(formatRelativeTime(now - younger, now, 'UTC'));
          const second = rank(formatRelativeTime(now - older, now, 'UTC'));
          expect(notNewer(first, second)).toBe(true);
        }),
      );
    });

    it('keeps the band order in any time zone', () => {
      const zone = fc.constantFrom(
        'America/New_York',
        'Europe/London',
        'Asia/Kolkata',
        'Australia/Lord_Howe',
      );
      fc.assert(
        fc.property(zone, nowArb, age, age, (timeZone, now, a, b) => {
          const [younger, older] = a <= b ? [a, b] : [b, a];
          const [bandA, countA] = rank(formatRelativeTime(now - younger, now, timeZone));
          const [bandB, countB] = rank(formatRelativeTime(now - older, now, timeZone));
          // Within the day band, 'Yesterday' versus a date can flip on a DST day; bands cannot.
          expect(
            notNewer([bandA, bandA === 3 ? 0 : countA], [bandB, bandB === 3 ? 0 : countB]),
          ).toBe(true);
        }),
      );
    });

    it('shows "Yesterday" or a date for exactly the ages from 24 hours to under 30 days', () => {
      fc.assert(
        fc.property(nowArb, fc.integer({ min: -DAY, max: maxAge }), (now, a) => {
          const [band] = rank(formatRelativeTime(now - a, now, 'America/New_York'));
          expect(band === 3).toBe(a >= DAY && a < 30 * DAY);
        }),
      );
    });
  });
});
