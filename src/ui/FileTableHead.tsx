/**
 * The header row of a table of files (the files read, the files an export
 * will write): name, kind, a count and a size, so both read alike.
 */
export function FileTableHead({ countLabel }: { countLabel: string }) {
  return (
    <thead>
      <tr>
        <th scope="col">File</th>
        <th scope="col">Kind</th>
        <th scope="col" className="num">
          {countLabel}
        </th>
        <th scope="col" className="num">
          Size
        </th>
      </tr>
    </thead>
  );
}
