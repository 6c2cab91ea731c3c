// npm run user:create -- --role admin|moderator --email someone@example.in [--name "Full Name"] [--update]
//   [--reset-second-factor] (--help prints the usage)
// The password is read from standard input when it is piped (echo "$PW" | npm run user:create -- …),
// otherwise asked for twice without echo. --update sets a new password (and role) on an existing account
// and signs it out everywhere. --reset-second-factor (with --update) is the way back for a staff member
// who lost her phone and her recovery codes: it removes her authenticator app, recovery codes and
// passkeys, and her next sign-in leads straight to setting up a new second factor.
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { describeTarget, migrateToLatest, openDatabase } from "~db/client";
import { createStaffOrSeller, findUserForLogin, setPasswordHash } from "~/models/users.server";
import { hashPassword } from "~/services/password.server";
import { resetSecondFactor } from "~/models/second-factor.server";

const MIN = 12;
const USAGE = `Usage: npm run user:create -- --role admin|moderator --email someone@example.in [--name "Full Name"] [--update] [--reset-second-factor]

Creates a staff account. The password is read from standard input when piped, otherwise asked for twice.
  --update                 set a new password (and role) on an existing account and end its sessions
  --reset-second-factor    with --update: remove its authenticator app, recovery codes and passkeys
  --help                   show this help`;

const options = {
  role: { type: "string" },
  email: { type: "string" },
  name: { type: "string" },
  update: { type: "boolean", default: false },
  "reset-second-factor": { type: "boolean", default: false },
  help: { type: "boolean", short: "h", default: false },
} as const;
let values: ReturnType<typeof parseArgs<{ options: typeof options }>>["values"];
try {
  ({ values } = parseArgs({ options }));
} catch (error) {
  // An unknown option or a missing value: the reason and the usage, without a stack trace.
  console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
  process.exit(2);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const role = values.role;
const email = values.email?.trim().toLowerCase();
if ((role !== "admin" && role !== "moderator") || !email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
  console.error(USAGE);
  process.exit(2);
}
if (values["reset-second-factor"] && !values.update) {
  console.error("--reset-second-factor changes an existing account: add --update.");
  process.exit(2);
}

async function readPiped(): Promise<string> {
  let text = "";
  for await (const chunk of process.stdin) text += chunk;
  return text.replace(/\r?\n$/, "");
}

function askHidden(question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    const write = (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput.bind(rl);
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) =>
      write(s.startsWith(question) ? s : "");
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write("\n");
      resolve(answer);
    });
  });
}

let password: string;
if (process.stdin.isTTY) {
  password = await askHidden("Password: ");
  if ((await askHidden("Repeat password: ")) !== password) {
    console.error("The passwords do not match.");
    process.exit(1);
  }
} else {
  password = await readPiped();
}
if (password.length < MIN) {
  console.error(`The password must be at least ${MIN} characters.`);
  process.exit(1);
}

const db = openDatabase();
await migrateToLatest(db);
const existing = await findUserForLogin(db, email);
if (existing && !values.update) {
  console.error(`${email} already has an account (${existing.role}). Add --update to set a new password.`);
  await db.destroy();
  process.exit(1);
}
if (existing) {
  await setPasswordHash(db, existing.id, await hashPassword(password));
  await db
    .updateTable("users")
    .set({ role, is_active: 1, updated_at: new Date().toISOString() })
    .where("id", "=", existing.id)
    .execute();
  if (values["reset-second-factor"]) {
    await resetSecondFactor(db, existing.id);
    console.log(`Removed the second factors of ${email}: the next sign-in sets up a new one.`);
  }
  console.log(`Updated ${email} (${role}) in ${describeTarget()}; its sessions were ended.`);
} else {
  await createStaffOrSeller(db, {
    email,
    name: values.name?.trim() || (role === "admin" ? "Administrator" : "Moderator"),
    role,
    passwordHash: await hashPassword(password),
  });
  console.log(`Created ${role} ${email} in ${describeTarget()}.`);
}
await db.destroy();
