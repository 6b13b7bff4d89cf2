/* What the lastmod's rules say about a value, in plain words. */
import { said, type Detail, type Said } from '../../base/message';
import { quote } from '../problem';
import { convertLastmod } from './lastmod-fixes';
import { LASTMOD_FORMAT, LASTMOD_FUTURE, LASTMOD_INVALID, LASTMOD_TIMEZONE } from './lastmod-rules';
import { parsed, parseW3c, type InvalidPart } from './w3c-datetime';

const MONTH_NAMES = [
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
];

function describeInvalid(value: string, part: InvalidPart): Said {
  const v = quote(value);
  const p = parsed;
  switch (part) {
    case 'year':
      return said('detail.lastmod.noYear', { value: v }, `lastmod ${v} is not a real date: there is no year 0000`);
    case 'month':
      return said(
        'detail.lastmod.noMonth',
        { value: v, month: p.month },
        `lastmod ${v} is not a real date: there is no month ${p.month}`,
      );
    case 'day': {
      const name = MONTH_NAMES[p.month - 1] ?? '';
      return said(
        'detail.lastmod.noDay',
        { value: v, month: p.month, year: p.year, day: p.day },
        `lastmod ${v} is not a real date: ${name} ${p.year} has no day ${p.day}`,
      );
    }
    case 'hour':
      return said(
        'detail.lastmod.noHour',
        { value: v, hour: p.hour },
        `lastmod ${v} is not a real time: there is no hour ${p.hour}`,
      );
    case 'minute':
      return said(
        'detail.lastmod.noMinute',
        { value: v, minute: p.minute },
        `lastmod ${v} is not a real time: there is no minute ${p.minute}`,
      );
    case 'second':
      return said(
        'detail.lastmod.noSecond',
        { value: v, second: p.second },
        `lastmod ${v} is not a real time: there is no second ${p.second}`,
      );
    case 'offset':
      return said(
        'detail.lastmod.offset',
        { value: v },
        `lastmod ${v} has an impossible time zone offset; write Z or ±hh:mm between -14:00 and +14:00`,
      );
    default:
      return said('detail.lastmod.notReal', { value: v }, `lastmod ${v} is not a real date or time`);
  }
}

/** The plain-language detail of a problem with a lastmod value (a row's or an index entry's). */
export function describeLastmod(code: string, value: string): Detail {
  const v = quote(value);
  switch (code) {
    case LASTMOD_FORMAT.code: {
      const fixed = convertLastmod(value);
      return fixed
        ? said('detail.lastmod.use', { value: v, fixed }, `lastmod ${v} is not a W3C date; use ${fixed}`)
        : said(
            'detail.lastmod.format',
            { value: v },
            `lastmod ${v} is not a W3C date; write it as 2023-01-05 or 2023-01-05T10:00:00+00:00`,
          );
    }
    case LASTMOD_INVALID.code:
      parseW3c(value);
      return describeInvalid(value, parsed.invalid);
    case LASTMOD_TIMEZONE.code:
      return said(
        'detail.lastmod.timezone',
        { value: v },
        `lastmod ${v} has a time but no time zone; add Z or an offset such as +01:00`,
      );
    case LASTMOD_FUTURE.code:
      return said('detail.lastmod.future', { value: v }, `lastmod ${v} is in the future`);
    default:
      return `lastmod ${v}: ${code}`;
  }
}
