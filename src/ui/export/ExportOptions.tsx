import { useState, type ReactNode } from 'react';
import { DEFAULT_EXPORT_PREFS, type ExportPrefs } from '../../store/settings-slice';
import type { ExportPlan } from '../../worker/protocol';
import { LayoutChoice } from './LayoutChoice';
import { useWords } from '../i18n/words';

const MIB = 1024 * 1024;
const MAX_URLS = DEFAULT_EXPORT_PREFS.maxUrls;
const MAX_MB = DEFAULT_EXPORT_PREFS.maxBytes / MIB;

interface Props {
  prefs: ExportPrefs;
  /** The current plan: the layout 'auto' stands for, and where new rows may go. */
  plan: ExportPlan | null;
  onChange: (patch: Partial<ExportPrefs>) => void;
  disabled: boolean;
}

/** The export choices; every change is kept at once (and remembered). */
export function ExportOptions({ prefs, plan, onChange, disabled }: Props) {
  const text = prefs.format === 'txt';
  // Not sitemaps: the lastmod form, the XML header and the stylesheet do not apply.
  const notXml = prefs.format !== 'xml';
  const words = useWords();
  return (
    <fieldset className="export-options" disabled={disabled}>
      <legend className="visually-hidden">{words.t('export.options')}</legend>
      <LayoutChoice prefs={prefs} plan={plan} onChange={onChange} />
      <Choice legend={words.t('export.format')}>
        <Radio name="export-format" checked={prefs.format === 'xml'} onSelect={() => onChange({ format: 'xml' })}>
          {words.t('fileKind.urlset')}
        </Radio>
        <Radio name="export-format" checked={text} onSelect={() => onChange({ format: 'txt' })}>
          {words.t('fileKind.text')} <span className="muted">{words.t('export.textNote')}</span>
        </Radio>
        <Radio name="export-format" checked={prefs.format === 'html'} onSelect={() => onChange({ format: 'html' })}>
          {words.t('export.html')} <span className="muted">{words.t('export.htmlNote')}</span>
        </Radio>
        <label className="option">
          <input
            type="checkbox"
            checked={prefs.gzip}
            aria-describedby="export-gzip-note"
            onChange={(e) => onChange({ gzip: e.currentTarget.checked })}
          />
          {words.t('export.gzip')} <span className="muted">(.gz)</span>
        </label>
        {/* Both bundles gzip every file as it is written (exportPacked): neither is the faster at any size. */}
        <p id="export-gzip-note" className="muted choice-note">
          {words.t('export.gzipNote')}
        </p>
      </Choice>

      <Choice legend={words.t('fileKind.sitemapindex')}>
        <Radio name="export-index" checked={prefs.index === 'auto'} onSelect={() => onChange({ index: 'auto' })}>
          {words.t('export.indexAuto')}
        </Radio>
        <Radio name="export-index" checked={prefs.index === 'always'} onSelect={() => onChange({ index: 'always' })}>
          {words.t('export.indexAlways')}
        </Radio>
      </Choice>

      <Choice legend={words.t('export.limits')}>
        <Radio
          name="export-profile"
          checked={prefs.profile === 'standard'}
          onSelect={() => onChange({ profile: 'standard' })}
        >
          sitemaps.org{' '}
          <span className="muted">
            {words.t('export.standardLimits', { urls: 50000, size: words.bytes(DEFAULT_EXPORT_PREFS.maxBytes) })}
          </span>
        </Radio>
        <Radio
          name="export-profile"
          checked={prefs.profile === 'legacy'}
          onSelect={() => onChange({ profile: 'legacy' })}
        >
          {words.t('export.legacy')}{' '}
          <span className="muted">
            {words.t('export.legacyLimits', { size: words.bytes(10 * MIB), sitemaps: 1000 })}
          </span>
        </Radio>
        <Radio
          name="export-profile"
          checked={prefs.profile === 'custom'}
          onSelect={() => onChange({ profile: 'custom' })}
        >
          {words.t('export.custom')}
        </Radio>
        {prefs.profile === 'custom' && <CustomLimits prefs={prefs} onChange={onChange} />}
      </Choice>

      <Choice legend="lastmod" disabled={notXml} note={text ? words.t('export.textUrlsOnly') : undefined}>
        <Radio
          name="export-lastmod"
          checked={prefs.lastmodForm === 'as-is'}
          onSelect={() => onChange({ lastmodForm: 'as-is' })}
        >
          {words.t('export.asImported')}
        </Radio>
        <Radio
          name="export-lastmod"
          checked={prefs.lastmodForm === 'date'}
          onSelect={() => onChange({ lastmodForm: 'date' })}
        >
          {words.t('export.dateOnly')} <span className="muted">2024-05-08</span>
        </Radio>
        <Radio
          name="export-lastmod"
          checked={prefs.lastmodForm === 'datetime'}
          onSelect={() => onChange({ lastmodForm: 'datetime' })}
        >
          {words.t('export.dateTime')} <span className="muted">2024-05-08T00:00:00+00:00</span>
        </Radio>
      </Choice>

      <Choice legend={words.t('export.xmlHeader')} disabled={notXml}>
        <label className="option">
          <input
            type="checkbox"
            checked={prefs.schemaLocation}
            onChange={(e) => onChange({ schemaLocation: e.currentTarget.checked })}
          />
          {words.rich('export.schemaLocation', { code: (chunks) => <code>{chunks}</code> })}
        </label>
        <label className="option">
          <input
            type="checkbox"
            data-testid="export-stylesheet"
            checked={prefs.stylesheet ?? false}
            aria-describedby="export-stylesheet-note"
            onChange={(e) => onChange({ stylesheet: e.currentTarget.checked })}
          />
          {words.rich('export.stylesheet', { code: (chunks) => <code>{chunks}</code> })}
        </label>
        {/* Measured: Chromium 156 still applies it, under a banner that XSLT is being removed (README, "Human-readable outputs"). */}
        <p id="export-stylesheet-note" className="muted choice-note">
          {words.t('export.stylesheetNote')}
        </p>
      </Choice>
    </fieldset>
  );
}

function Choice({
  legend,
  children,
  disabled,
  note,
}: {
  legend: string;
  children: ReactNode;
  disabled?: boolean;
  note?: string;
}) {
  return (
    <fieldset className="choice" disabled={disabled}>
      <legend>{legend}</legend>
      {children}
      {note && <p className="muted choice-note">{note}</p>}
    </fieldset>
  );
}

function Radio({
  name,
  checked,
  onSelect,
  children,
}: {
  name: string;
  checked: boolean;
  onSelect: () => void;
  children: ReactNode;
}) {
  return (
    <label className="option">
      <input type="radio" name={name} checked={checked} onChange={onSelect} />
      {children}
    </label>
  );
}

/**
 * Typed limits are kept as drafts until they make sense, so that clearing a
 * field to type a new number does not plan an export with no limit.
 */
function CustomLimits({ prefs, onChange }: { prefs: ExportPrefs; onChange: (patch: Partial<ExportPrefs>) => void }) {
  const [urls, setUrls] = useState(String(prefs.maxUrls));
  const [mb, setMb] = useState(formatMb(prefs.maxBytes));
  const urlsValue = Number(urls);
  const mbValue = Number(mb);
  const urlsOk = urls.trim() !== '' && Number.isInteger(urlsValue) && urlsValue >= 1 && urlsValue <= MAX_URLS;
  const mbOk = mb.trim() !== '' && Number.isFinite(mbValue) && mbValue >= 0.001 && mbValue <= MAX_MB;
  const words = useWords();

  return (
    <div className="custom-limits">
      <div className="field">
        <label htmlFor="export-max-urls">{words.t('export.maxUrls')}</label>
        <input
          id="export-max-urls"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_URLS}
          step={1}
          value={urls}
          aria-invalid={!urlsOk}
          aria-describedby="export-max-urls-hint"
          onChange={(e) => {
            const v = e.currentTarget.value;
            setUrls(v);
            const n = Number(v);
            if (v.trim() !== '' && Number.isInteger(n) && n >= 1 && n <= MAX_URLS) onChange({ maxUrls: n });
          }}
        />
        <span id="export-max-urls-hint" className={urlsOk ? 'hint muted' : 'hint field-error'}>
          {words.t('export.maxUrlsHint', { max: MAX_URLS })}
        </span>
      </div>
      <div className="field">
        <label htmlFor="export-max-mb">{words.t('export.maxMib')}</label>
        <input
          id="export-max-mb"
          type="number"
          inputMode="decimal"
          min={0.001}
          max={MAX_MB}
          step="any"
          value={mb}
          aria-invalid={!mbOk}
          aria-describedby="export-max-mb-hint"
          onChange={(e) => {
            const v = e.currentTarget.value;
            setMb(v);
            const n = Number(v);
            if (v.trim() !== '' && Number.isFinite(n) && n >= 0.001 && n <= MAX_MB)
              onChange({ maxBytes: Math.round(n * MIB) });
          }}
        />
        <span id="export-max-mb-hint" className={mbOk ? 'hint muted' : 'hint field-error'}>
          {words.t('export.maxMibHint', { max: MAX_MB, mib: MIB })}
        </span>
      </div>
    </div>
  );
}

function formatMb(bytes: number): string {
  return String(Math.round((bytes / MIB) * 1000) / 1000);
}
