import type { Kysely } from "kysely";
import { normaliseMobile } from "~/lib/phone";

// The one mobile rule (docs/decisions/014-one-mobile-rule.md): numbers stored before it are rewritten in its one form,
// E.164 (e.g. "98765 43210" → "+919876543210"). A number the rule refuses is left exactly as it was, so no
// contact detail is ever lost; the next save through a form asks for a valid one.
const TABLES = ["users", "sellers", "enquiries"] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    const rows = await db.selectFrom(table).select(["id", "mobile"]).where("mobile", "is not", null).execute();
    for (const row of rows as { id: number; mobile: string }[]) {
      const normalised = normaliseMobile(row.mobile);
      if (normalised && normalised !== row.mobile)
        await db.updateTable(table).set({ mobile: normalised }).where("id", "=", row.id).execute();
    }
  }
}

// The earlier spellings are not kept: E.164 is a valid value under the earlier rule too.
export async function down(): Promise<void> {}
