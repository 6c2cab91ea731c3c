import { type Kysely, sql } from "kysely";
import { engineOf } from "../engine";

// Frozen once landed: later changes go in a new, later-named migration.
//
// users.language (2026-11-29T0300_languages) was checked against the three languages of the day, so
// every new language needed a migration of its own. The list in app/lib/locales.ts decides which
// languages an account may choose (the account form and the sign-up refuse any other); the database now
// only checks the value is shaped as one, a language and a region (`en-IN`, `en-XA`, `kok-IN`)
// (docs/decisions/210-languages-list-drives-columns-and-a-test-language.md). Every stored value stays.

const SHAPE = {
  postgres: "language ~ '^[a-z]{2,3}-[A-Z]{2}$'",
  sqlite: "language glob '[a-z][a-z]-[A-Z][A-Z]' or language glob '[a-z][a-z][a-z]-[A-Z][A-Z]'",
};
const THREE = "language in ('en-IN', 'hi-IN', 'kn-IN')";

async function checkLanguage(db: Kysely<unknown>, check: string): Promise<void> {
  if (engineOf(db) === "postgres") {
    await sql`alter table users drop constraint if exists users_language_check`.execute(db);
    await sql.raw(`alter table users add constraint users_language_check check (${check})`).execute(db);
    return;
  }
  // SQLite cannot change a constraint: a new column with the new check takes the values, then the name.
  await db.schema
    .alterTable("users")
    .addColumn("language_checked", "text", (c) =>
      c
        .notNull()
        .defaultTo("en-IN")
        .check(sql.raw(check.replaceAll("language", "language_checked"))),
    )
    .execute();
  await sql`update users set language_checked = language`.execute(db);
  await db.schema.alterTable("users").dropColumn("language").execute();
  await db.schema.alterTable("users").renameColumn("language_checked", "language").execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await checkLanguage(db, engineOf(db) === "postgres" ? SHAPE.postgres : SHAPE.sqlite);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // A language the three-language check does not know goes back to English.
  await sql.raw(`update users set language = 'en-IN' where not (${THREE})`).execute(db);
  await checkLanguage(db, THREE);
}
