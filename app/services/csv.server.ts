import { stringify } from "csv-stringify";
import { Readable } from "node:stream";

// CSV exports: rows streamed from the query through csv-stringify into the response, never built in
// memory; spreadsheet formulas neutralised (docs/decisions/022-csv-formulas-neutralised.md).

const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell a spreadsheet would run as a formula is prefixed with an apostrophe, so it shows as text. */
export function neutraliseFormula(value: unknown): string {
  if (value === null || value === undefined) return "";
  const text = String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export type CsvColumn<Row> = { header: string; value: (row: Row) => unknown };

export function csvResponse<Row>(fileName: string, columns: CsvColumn<Row>[], rows: AsyncIterable<Row>): Response {
  const csv = stringify({ header: true, columns: columns.map((c) => c.header), bom: true });
  const source = Readable.from(
    (async function* () {
      for await (const row of rows) yield columns.map((c) => neutraliseFormula(c.value(row)));
    })(),
  );
  source.on("error", (error) => csv.destroy(error));
  source.pipe(csv);
  return new Response(Readable.toWeb(csv) as ReadableStream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
