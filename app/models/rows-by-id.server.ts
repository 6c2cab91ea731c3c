// Every row a query matches, read in pages of `batch` by id: an export streams them without holding
// the whole result, and the database connection is free between pages even for a slow client.

export async function* rowsById<Row extends { id: number }>(
  page: (afterId: number, limit: number) => Promise<Row[]>,
  batch = 500,
): AsyncGenerator<Row> {
  let after = 0;
  for (;;) {
    const rows = await page(after, batch);
    yield* rows;
    if (rows.length < batch) return;
    after = rows[rows.length - 1].id;
  }
}
