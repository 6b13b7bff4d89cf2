import type { Severity } from '../../core/rules/rule';

const LABEL: Record<Severity, string> = { error: 'Error', warning: 'Warning', info: 'Info' };

export function SeverityBadge({ severity }: { severity: Severity }) {
  return <span className={`badge badge-${severity}`}>{LABEL[severity]}</span>;
}
