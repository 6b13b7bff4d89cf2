import type { Severity } from '../../core/rules/rule';
import type { MessageId } from '../../i18n/translator';
import { useWords } from '../i18n/words';

const LABEL: Record<Severity, MessageId> = {
  error: 'severity.error',
  warning: 'severity.warning',
  info: 'severity.info',
};

export function SeverityBadge({ severity }: { severity: Severity }) {
  return <span className={`badge badge-${severity}`}>{useWords().t(LABEL[severity])}</span>;
}
