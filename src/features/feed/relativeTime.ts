// The relative time shown on a feed card ('Just now', '5 minutes ago', 'Yesterday | 3:45 PM'...).

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** Spec section 9: the month threshold. A "month" is counted as 30 days. */
export const DAYS_PER_MONTH = 30;

/**
 * Formats how long ago `createdAt` was, seen at `now`, following spec section 5.
 *
 * Let `age = now - createdAt` in milliseconds. Every band includes its lower bound:
 *
 * | age                      | result                                                      |
 * |--------------------------|-------------------------------------------------------------|
 * | < 60 s, or negative      | 'Just now' (a future timestamp is clock skew)                |
 * | 60 s to < 60 min         | '1 minute ago', 'N minutes ago' (whole minutes, rounded down) |
 * | 60 min to < 24 h         | '1 hour ago', 'N hours ago' (whole hours, rounded down)     |
 * | 24 h to < 30 days        | 'Yesterday \| 3:45 PM' when createdAt falls on the calendar  |
 * |                          | day before now's, otherwise '14 November \| 3:45 PM'         |
 * | >= 30 days (30 x 24 h)   | 'N month(s) ago', N = floor(whole days / 30), so at least 1; |
 * |                          | there is no year band: 365 days is '12 months ago'          |
 *
 * So exactly 60 s is '1 minute ago', exactly 1 h is '1 hour ago', exactly 24 h is the day band
 * (always 'Yesterday' except across a DST change) and exactly 30 days is '1 month ago'.
 *
 * Calendar days and clock times are read in `timeZone` (an IANA name such as 'UTC' or
 * 'America/New_York'; the runtime's local zone when omitted), with the time written as en-US
 * 'h:mm AM' using a plain space. Elapsed time is measured in absolute milliseconds, so the band
 * never depends on the zone. On the 25-hour day of a DST change an item 24 h old can be on the
 * same calendar day as `now`: it is shown with its date, like any other day-band item that is
 * not yesterday.
 *
 * An unparseable `createdAt` or `now` gives '' (the card shows no time rather than a wrong one).
 * An unknown `timeZone` throws a RangeError, as `Intl.DateTimeFormat` does.
 */
export function formatRelativeTime(
  createdAt: Date | string | number,
  now: Date | number,
  timeZone?: string,
): string {
  const createdMs = new Date(createdAt).getTime();
  const nowMs = new Date(now).getTime();
  if (Number.isNaN(createdMs) || Number.isNaN(nowMs)) return '';

  const age = nowMs - createdMs;
  if (age < MINUTE_MS) return 'Just now';
  if (age < HOUR_MS) return plural(Math.floor(age / MINUTE_MS), 'minute');
  if (age < DAY_MS) return plural(Math.floor(age / HOUR_MS), 'hour');

  const days = Math.floor(age / DAY_MS);
  if (days >= DAYS_PER_MONTH) return plural(Math.floor(days / DAYS_PER_MONTH), 'month');

  const { day, clock } = timeZone === undefined ? LOCAL : zoneReader(timeZone);
  const created = day(createdMs);
  const today = day(nowMs);
  const time = clock(createdMs);
  const isYesterday =
    Date.UTC(created.year, created.month - 1, created.day) ===
    Date.UTC(today.year, today.month - 1, today.day - 1);
  return isYesterday ? `Yesterday | ${time}` : `${created.day} ${created.monthName} | ${time}`;
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
}

interface ZoneFormats {
  date: Intl.DateTimeFormat;
  time: Intl.DateTimeFormat;
}

// Building an Intl.DateTimeFormat is costly and a feed formats many times: one pair per zone
// (the runtime's own under '').
const formatsByZone = /* @__PURE__ */ new Map<string, ZoneFormats>();

function formatsFor(timeZone: string | undefined): ZoneFormats {
  let formats = formatsByZone.get(timeZone ?? '');
  if (!formats) {
    formats = {
      date: new Intl.DateTimeFormat('en-US', {
        timeZone,
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
      }),
      time: new Intl.DateTimeFormat('en-US', {
        timeZone,
        hour: 'numeric',
        minute: '2-digit',
        hourCycle: 'h12',
      }),
    };
    formatsByZone.set(timeZone ?? '', formats);
  }
  return formats;
}

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** How a zone's calendar day and clock time are read. */
interface ZoneReader {
  day: (ms: number) => CalendarDay;
  clock: (ms: number) => string;
}

const zoneReader = (timeZone: string): ZoneReader => {
  const formats = formatsFor(timeZone);
  return {
    day: (ms) => calendarParts(formats.date, ms),
    clock: (ms) => clockTime(formats.time, ms),
  };
};

/**
 * The runtime's own zone, read by Date rather than Intl: the page's first Intl formatter costs a
 * phone 50-100 ms (its locale data is set up then), in the render that shows a QR code's profile
 * and its buttons (issue 36). The tests compare it with the zone named, in five zones.
 */
const LOCAL: ZoneReader = {
  day: (ms) => {
    const date = new Date(ms);
    const month = date.getMonth() + 1;
    return {
      year: date.getFullYear(),
      month,
      day: date.getDate(),
      monthName: MONTH_NAMES[month - 1] ?? '',
    };
  },
  clock: (ms) => {
    const date = new Date(ms);
    const hours = date.getHours();
    const minutes = String(date.getMinutes()).padStart(2, '0');
    return `${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
  },
};

interface CalendarDay {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
  monthName: string;
}

function calendarParts(format: Intl.DateTimeFormat, ms: number): CalendarDay {
  const parts = format.formatToParts(ms);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value);
  const month = part('month');
  return {
    year: part('year'),
    month,
    day: part('day'),
    monthName: MONTH_NAMES[month - 1] ?? '',
  };
}

// Assembled from parts: recent ICU writes a narrow no-break space before AM/PM.
function clockTime(format: Intl.DateTimeFormat, ms: number): string {
  const parts = format.formatToParts(ms);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return `${part('hour')}:${part('minute')} ${part('dayPeriod').toUpperCase()}`;
}

/**
 * The moment in full, in the runtime's local zone, as en-US medium date and short time write it
 * ('Nov 15, 2024, 3:45 PM', with a plain space before AM/PM); undefined for an unparseable date.
 * Written from Date's own reading of the zone, as the relative time is (see LOCAL).
 */
export function formatAbsoluteTime(createdAt: Date | string | number): string | undefined {
  const ms = new Date(createdAt).getTime();
  if (Number.isNaN(ms)) return undefined;
  const { year, day, monthName } = LOCAL.day(ms);
  return `${monthName.slice(0, 3)} ${day}, ${year}, ${LOCAL.clock(ms)}`;
}
