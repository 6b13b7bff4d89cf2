import { filtersRows, fixedOnExport } from '../../core/rules/registry';
import { ruleWords } from '../../i18n/rule-words';
import { MALFORMED_ON_EXPORT } from '../../core/write/export-repairs';
import type { RuleCode } from '../../core/rules/registry';
import { fixableCount, type ProblemGroup, type ReportedProblem } from '../../worker/protocol';
import { useWords } from '../i18n/words';
import { ProblemExample } from './ProblemExample';
import { SeverityBadge } from './SeverityBadge';
import { XML_MALFORMED } from '../../core/rules/file/file-rules';
import { CRAWL_NOT_IN_SITEMAP } from '../../core/rules/site-data/site-data-rules';
import { LOC_NOT_ABSOLUTE } from '../../core/rules/loc/loc-rules';
import { useAppStore } from '../../store/app-store';

/** Examples listed under a group: enough to recognise the problem, not a wall of text. */
const MAX_EXAMPLES = 20;

interface Props {
  group: ProblemGroup;
  problems: ReportedProblem[];
  selected: boolean;
  busy: boolean;
  onChoose: (code: RuleCode) => void;
  onFix: (code: RuleCode) => void;
}

/** One rule's problems: what is wrong, how often, where, and its fix. */
export function ProblemGroupItem({ group, problems, selected, busy, onChoose, onFix }: Props) {
  const words = useWords();
  const rule = ruleWords(group.code, words);
  const fixable = fixableCount(group) > 0;
  const onExport = fixedOnExport(group.code);
  const shown = problems.slice(0, MAX_EXAMPLES);
  const filters = filtersRows(group.code);
  const addMissingPages = useAppStore((s) => s.addMissingPages);
  const missing = group.code === CRAWL_NOT_IN_SITEMAP.code;
  // Search Console's name first (the words users know and search for), then our code and plain sentence.
  const heading = (
    <>
      <span className="group-line">
        <SeverityBadge severity={group.severity} />
        <span className="problem-lead">
          {rule.searchConsole ? (
            <>
              <span className="problem-sc-label">{words.t('problems.searchConsole')} </span>
              <span lang={rule.searchConsoleLang === words.lang ? undefined : rule.searchConsoleLang}>
                {words.t('quoted', { text: rule.searchConsole })}
              </span>
            </>
          ) : (
            rule.title
          )}
        </span>
        <span className="problem-count" data-testid="group-count">
          {words.n(group.count)}
        </span>
      </span>
      <span className="problem-second">
        <code className="problem-code">{group.code}</code>
        {rule.searchConsole && <span className="problem-title"> {rule.title}</span>}
      </span>
    </>
  );

  return (
    <li className={`problem-group severity-${group.severity}${selected ? ' selected' : ''}`} data-code={group.code}>
      <div className="group-head">
        {filters ? (
          <button
            type="button"
            className="group-choose"
            aria-pressed={selected}
            title={words.t(selected ? 'problems.showAllRows' : 'problems.showOnly')}
            onClick={() => onChoose(group.code)}
          >
            {heading}
          </button>
        ) : (
          <div className="group-choose group-static">{heading}</div>
        )}
        {fixable && (
          <button
            type="button"
            className="button button-small"
            disabled={busy}
            aria-label={words.t('problems.fixAllCode', { code: group.code })}
            title={rule.fix}
            onClick={() => onFix(group.code)}
          >
            {words.t('problems.fixAllShort')}
          </button>
        )}
        {missing && (
          <button
            type="button"
            className="button button-small"
            disabled={busy}
            title={words.t('problems.addPagesTitle')}
            onClick={() => void addMissingPages()}
          >
            {words.t('problems.addPages', { count: group.count })}
          </button>
        )}
      </div>
      {fixable && <p className="group-fix muted">{words.t('problems.fix', { fix: rule.fix })}</p>}
      {onExport && (
        <p className="group-fix muted">
          {words.t('problems.onExport', { how: rule.fix.toLocaleLowerCase(words.locale) })}
        </p>
      )}
      {group.code === XML_MALFORMED.code && (group.repairedOnExport ?? 0) > 0 && (
        <p className="group-fix muted">
          {group.repairedOnExport === group.count
            ? words.t('problems.onExport', {
                how: MALFORMED_ON_EXPORT.charAt(0).toLowerCase() + MALFORMED_ON_EXPORT.slice(1),
              })
            : words.t('problems.onExportSome', {
                how: MALFORMED_ON_EXPORT.charAt(0).toLowerCase() + MALFORMED_ON_EXPORT.slice(1),
                some: group.repairedOnExport ?? 0,
                count: group.count,
              })}
        </p>
      )}
      <RelativeOnExport group={group} />
      {shown.length > 0 && (
        <details className="problem-examples" open={selected || !filters}>
          <summary>
            {group.count > shown.length
              ? words.t('problems.examples', { shown: shown.length, count: group.count })
              : words.t('problems.where')}
          </summary>
          <ul className="problem-list">
            {shown.map((p, i) => (
              <li key={i} className="problem">
                <ProblemExample problem={p} />
              </li>
            ))}
          </ul>
          {problems.length > shown.length && (
            <p className="muted more">
              {words.t(filters ? 'problems.moreChoose' : 'problems.more', { count: group.count - shown.length })}
            </p>
          )}
        </details>
      )}
    </li>
  );
}

/**
 * An index's relative child locs Fix all has not fixed: the export writes
 * them absolute, said in the same words here and in the export dialog.
 */
export function RelativeOnExport({ group }: { group: ProblemGroup }) {
  const words = useWords();
  if (group.code !== LOC_NOT_ABSOLUTE.code || !group.repairedOnExport || !group.repairedFrom) return null;
  return (
    <p className="group-fix muted" data-testid="relative-on-export">
      {words.t('problems.relativeOnExport', { count: group.repairedOnExport, origin: group.repairedFrom })}
    </p>
  );
}
