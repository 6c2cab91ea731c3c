import type { DB } from "~db/client";

// Addresses each account has signed in from, for a month (in SQLite, shared by the worker processes
// like the rate limits; expired rows are swept with them).
const KNOWN_ADDRESS_MS = 30 * 86_400_000;

export async function hasSignedInFrom(db: DB, email: string, address: string, now = Date.now()): Promise<boolean> {
  const row = await db
    .selectFrom("sign_in_addresses")
    .select("until_ms")
    .where("email", "=", email)
    .where("address", "=", address)
    .executeTakeFirst();
  return (row?.until_ms ?? 0) > now;
}

export async function rememberSignIn(db: DB, email: string, address: string, now = Date.now()): Promise<void> {
  await db
    .insertInto("sign_in_addresses")
    .values({ email, address, until_ms: now + KNOWN_ADDRESS_MS })
    .onConflict((oc) => oc.columns(["email", "address"]).doUpdateSet({ until_ms: now + KNOWN_ADDRESS_MS }))
    .execute();
}

/** Deletes sign-in addresses older than a month (with the rate-limit sweep). */
export async function sweepSignInAddresses(db: DB, now = Date.now()): Promise<void> {
  await db.deleteFrom("sign_in_addresses").where("until_ms", "<=", now).execute();
}
