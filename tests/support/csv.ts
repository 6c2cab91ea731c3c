/**
 * The rows of a CSV export as a spreadsheet reads them (RFC 4180: quoted cells may hold commas, quotes
 * doubled and line breaks; a leading byte-order mark is dropped), so a test can assert on its own rows
 * and cells rather than on the text's length.
 */
export function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const body = text.startsWith("\uFEFF") ? text.slice(1) : text;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && body[i + 1] === "\n") i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += c;
  }
  if (cell !== "" || row.length) rows.push([...row, cell]);
  return rows;
}

/** The rows as objects keyed by the header row's names. */
export function csvRecords(text: string): Record<string, string>[] {
  const [header = [], ...rows] = csvRows(text);
  return rows.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i] ?? ""])));
}
