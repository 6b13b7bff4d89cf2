import { indexBeforeLocs } from '../core/compare/before-locs';
import { diffRows } from '../core/compare/diff-rows';
import { errorMessage } from '../core/text/error-message';
import { formatNumber } from '../core/text/format';
import { describeIndexNowAnswer } from '../core/indexnow/answers';
import {
  IndexNowInputError,
  INDEXNOW_ENDPOINT,
  planIndexNow,
  urlsToNotify,
  type IndexNowPlan,
} from '../core/indexnow/payload';
import { UsageError, parseArgs, stringOption, type ParsedArgs } from './args';
import { postJson, type PostJson } from './indexnow-post';
import { importSources } from './load-files';
import { plural } from './report';

export const INDEXNOW_USAGE =
  'indexnow BEFORE... -- AFTER... --key KEY [--host H] [--key-location URL] [--endpoint URL] [--dry-run]';

const VALUED = ['key', 'host', 'key-location', 'endpoint'] as const;
/** After these answers the next batches would fare no better: the key or the rate is the matter. */
const STOP_AFTER = new Set([403, 429]);

/**
 * `indexnow`: tells IndexNow's search engines which URLs were added or
 * changed between the sitemaps before `--` and those after it (the `diff`
 * comparison, never the whole set), in batches of at most 10,000 URLs.
 * `--dry-run` prints each request body (one JSON object a line, nothing else
 * on stdout; notes go to stderr) and sends nothing. Exit 0 when every URL
 * was accepted (or printed), 1 when some were refused or not accepted, 2 on
 * bad usage.
 */
export async function runIndexNow(
  args: readonly string[],
  out: (line: string) => void,
  err: (line: string) => void,
  post: PostJson = postJson,
): Promise<number> {
  const split = args.indexOf('--');
  if (split < 0) throw new UsageError('put -- between the before and the after files');
  const before = parseArgs(args.slice(0, split), VALUED, ['dry-run']);
  const after = parseArgs(args.slice(split + 1), VALUED, ['dry-run']);
  const option = (name: string) => stringOption(after, name) ?? stringOption(before, name);
  if (before.positional.length === 0) throw new UsageError('no before files given (the files before --)');
  if (after.positional.length === 0) throw new UsageError('no after files given (the files after --)');
  const key = option('key');
  if (!key) throw new UsageError('--key KEY is required: the key your site serves at https://HOST/KEY.txt');
  const endpoint = option('endpoint') ?? INDEXNOW_ENDPOINT;
  if (!/^https?:\/\/[^/?#\s]/i.test(endpoint))
    throw new UsageError(`--endpoint must be an absolute http(s) URL, not "${endpoint}"`);
  const dryRun = flag(before, 'dry-run') || flag(after, 'dry-run');
  const note = dryRun ? err : out;

  const was = importSources(before.positional);
  const now = importSources(after.positional);
  const urls = urlsToNotify(now.rows, diffRows(indexBeforeLocs(was.rows), now.rows));
  if (urls.length === 0) {
    note('nothing to notify: no URL was added or changed');
    return 0;
  }
  let plan: IndexNowPlan;
  try {
    plan = planIndexNow(urls, { key, host: option('host'), keyLocation: option('key-location') });
  } catch (e) {
    if (e instanceof IndexNowInputError)
      throw new UsageError(e.message.replace(/choose one\.$/, 'choose one with --host.'));
    throw e;
  }
  for (const r of plan.refused) note(`refused ${r.url}: ${r.why}`);
  const counts = `${plural(plan.urls, 'URL')} added or changed on ${plan.host} in ${plural(plan.batches.length, 'request')}`;
  const refused = plan.refused.length > 0 ? `; ${plural(plan.refused.length, 'URL')} refused (listed above)` : '';
  if (dryRun) {
    for (const batch of plan.batches) out(JSON.stringify(batch));
    note(`dry run: ${counts}${refused}; nothing was sent`);
    return plan.refused.length > 0 ? 1 : 0;
  }

  let failed = 0;
  for (let b = 0; b < plan.batches.length; b++) {
    const batch = plan.batches[b] as IndexNowPlan['batches'][number];
    const what = `request ${b + 1} of ${plan.batches.length} (${plural(batch.urlList.length, 'URL')})`;
    let status: number;
    try {
      const answer = await post(endpoint, JSON.stringify(batch));
      status = answer.status;
      const meaning = answerWords(answer.status, answer.statusText, answer.body);
      out(`${what}: ${meaning}`);
      if (describeIndexNowAnswer(answer.status).accepted) continue;
    } catch (e) {
      out(`${what}: no answer from ${endpoint}: ${errorMessage(e)}`);
      failed++;
      continue;
    }
    failed++;
    if (STOP_AFTER.has(status) && b + 1 < plan.batches.length) {
      const left = plan.batches.length - b - 1;
      out(
        `stopped: the other ${plural(left, 'request')} would be refused alike, so ${left === 1 ? 'it was' : 'they were'} not sent`,
      );
      failed += left;
      break;
    }
  }
  out(`${counts}${refused}; ${formatNumber(plan.batches.length - failed)} accepted, ${formatNumber(failed)} not`);
  return failed > 0 || plan.refused.length > 0 ? 1 : 0;
}

function flag(parsed: ParsedArgs, name: string): boolean {
  return parsed.options.get(name) === true;
}

/** "200 OK: URLs submitted successfully", with what a refusing endpoint said (printable, one line). */
function answerWords(status: number, statusText: string, body: string): string {
  const { meaning } = describeIndexNowAnswer(status, statusText);
  // Control characters (a new line, an escape sequence) would break or repaint the terminal's line.
  let said = '';
  for (const ch of body) said += ch < ' ' || (ch >= '\u007f' && ch <= '\u009f') ? ' ' : ch;
  said = said.replace(/ {2,}/g, ' ').trim();
  return said && !describeIndexNowAnswer(status).accepted ? `${meaning} (the endpoint said: ${said})` : meaning;
}
