import { useWords } from './i18n/words';
/**
 * The header row of a table of files (the files read, the files an export
 * will write): name, kind, a count and a size, so both read alike.
 */
export function FileTableHead({ countLabel }: { countLabel: string }) {
  const words = useWords();
  return (
    <thead>
      <tr>
        <th scope="col">{words.t('files.file')}</th>
        <th scope="col">{words.t('files.kind')}</th>
        <th scope="col" className="num">
          {countLabel}
        </th>
        <th scope="col" className="num">
          {words.t('files.size')}
        </th>
      </tr>
    </thead>
  );
}
