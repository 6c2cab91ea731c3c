import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~db/client";
import { ENGINE_ONLY_TABLES, SCHEMA_COLUMNS, UNTYPED_TABLES, VIRTUAL_TABLES } from "~db/schema-columns";
import { createTestDb, testEngine } from "../support/test-db";

// db/schema.ts's types (described at run time by db/schema-columns.ts, which TypeScript holds to the
// types) against the tables the migrations make, on the engine of this run: the same tables, the same
// columns, each a text or a number, nullable exactly where the types allow null.

let t: Awaited<ReturnType<typeof createTestDb>>;
let db: DB;
beforeAll(async () => {
  t = await createTestDb();
  db = t.db;
});
afterAll(() => t.cleanup());

type Described = Record<string, string>;
const typed = SCHEMA_COLUMNS as Record<string, Described>;
const engineOnly = ENGINE_ONLY_TABLES as Record<string, string | undefined>;

/** "text" or "number" for a column's type as the engine reports it. */
function kindOf(dataType: string): string {
  if (/^(int2|int4|int8|integer|bigint|smallint|real|float4|float8|numeric|double precision)$/i.test(dataType))
    return "number";
  if (/^(text|varchar|character varying)$/i.test(dataType)) return "text";
  return `unexpected type ${dataType}`;
}

/** SQLite reports a primary key column nullable unless it says NOT NULL; its primary keys. */
async function sqlitePrimaryKeys(table: string): Promise<Set<string>> {
  const { rows } = await sql<{ name: string }>`select name from pragma_table_info(${table}) where pk > 0`.execute(db);
  return new Set(rows.map((r) => r.name));
}

describe(`db/schema.ts matches the migrated database (${testEngine})`, () => {
  it("has the same tables", async () => {
    const inDatabase = (await db.introspection.getTables()).map((table) => table.name).sort();
    const expected = [
      ...Object.keys(typed).filter((name) => (engineOnly[name] ?? testEngine) === testEngine),
      ...UNTYPED_TABLES[testEngine],
    ];
    expect(inDatabase).toEqual(expected.sort());
  });

  it("has the same columns, kinds and nullability in every typed table", async () => {
    const tables = await db.introspection.getTables();
    const found: Record<string, Described> = {};
    const expected: Record<string, Described> = {};
    for (const table of tables) {
      const described = typed[table.name];
      if (!described) continue;
      const virtual = (VIRTUAL_TABLES as Record<string, { hidden: string[] } | undefined>)[table.name];
      const keys = testEngine === "sqlite" ? await sqlitePrimaryKeys(table.name) : new Set<string>();
      found[table.name] = Object.fromEntries(
        table.columns.map((column) => {
          if (virtual) return [column.name, "(untyped)"];
          const nullable = column.isNullable && !keys.has(column.name);
          return [column.name, `${kindOf(column.dataType)}${nullable ? "?" : ""}`];
        }),
      );
      expected[table.name] = Object.fromEntries(
        Object.entries(described)
          .filter(([name]) => !virtual?.hidden.includes(name))
          .map(([name, kind]) => [name, virtual ? "(untyped)" : kind]),
      );
    }
    expect(found).toEqual(expected);
  });
});
