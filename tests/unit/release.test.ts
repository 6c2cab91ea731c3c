import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { S3Store } from "~/services/upload-store.server";
import { buildRelease, COMMANDS, type Release, SIZE_BUDGET_BYTES } from "../../scripts/release";
import { pngImage } from "../support/images";
import { S3RVER_KEY, startLocalS3 } from "../support/s3-server";
import { databaseEnv, startServer } from "../support/server";
import { spareDatabaseTarget, testEngine } from "../support/test-db";

// The release file of `npm run release` (docs/decisions/223-one-release-file.md), made once for this file and
// unpacked into an empty folder outside the repository: it must run with Node alone (no devDependency, no
// TypeScript), through its launcher, on a new SQLite file (PostgreSQL and S3 in the PostgreSQL run).
// It reuses build/ (CI's checks have just built it) and the production node_modules of the release cache,
// or, when that is cold, the production packages of this checkout (scripts/release.ts): seconds, not minutes.

const root = join(import.meta.dirname, "..", "..");
/** How the unpacked release is started: here, and in the Dockerfile's CMD (checked below). */
const LAUNCH = ["bin/bwp-directory", "start"] as const;
const version = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string }).version;

let work: string;
let site: string;
let release: Release;

const launcher = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(join(site, "bin", "bwp-directory"), args, {
    cwd: site,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    encoding: "utf8",
  });

describe("the release file", () => {
  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), "bwp-release-"));
    release = await buildRelease({
      skipBuild: true,
      nodeModules: "installed",
      outDir: join(work, "dist"),
      log: () => undefined,
    });
    site = join(work, "site");
    mkdirSync(site);
    const unpacked = spawnSync("tar", ["-xzf", release.file, "--strip-components=1", "-C", site], { encoding: "utf8" });
    expect(unpacked.status, unpacked.stderr).toBe(0);
  }, 180_000);

  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it("is named for its version and machine, within its size budget, and its checksum file checks it", () => {
    expect(basename(release.file)).toBe(`bwp-directory-${version}-linux-${process.arch}.tar.gz`);
    expect(release.bytes).toBe(statSync(release.file).size);
    expect(release.bytes).toBeLessThan(SIZE_BUDGET_BYTES);
    const checked = spawnSync("sha256sum", ["-c", basename(release.checksumFile)], {
      cwd: dirname(release.file),
      encoding: "utf8",
    });
    expect(checked.stdout).toContain(": OK");
    expect(checked.status).toBe(0);
  });

  it("holds the build, the launcher, the compiled commands and the licences; no devDependency, no TypeScript", () => {
    for (const path of [
      "build/server/index.js",
      "build/client",
      "server/start.js",
      "bin/bwp-directory",
      "package.json",
    ])
      expect(existsSync(join(site, path)), path).toBe(true);
    for (const source of Object.values(COMMANDS))
      expect(existsSync(join(site, "commands", `${basename(source, ".ts")}.js`)), source).toBe(true);
    for (const addon of ["better-sqlite3", "sharp", "@node-rs/argon2", "express"])
      expect(existsSync(join(site, "node_modules", addon)), addon).toBe(true);
    for (const absent of ["vite", "vitest", "tsx", "typescript", "@react-router/dev", "esbuild"])
      expect(existsSync(join(site, "node_modules", absent)), absent).toBe(false);
    const sources: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (path === join(site, "node_modules")) continue;
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(name)) sources.push(path);
      }
    };
    walk(site);
    expect(sources).toEqual([]);
    const licences = readFileSync(join(site, "THIRD-PARTY-LICENSES"), "utf8");
    for (const name of ["better-sqlite3", "sharp", "@node-rs/argon2", "react", "express"]) {
      const pinned = (
        JSON.parse(readFileSync(join(site, "node_modules", name, "package.json"), "utf8")) as {
          version: string;
        }
      ).version;
      expect(licences, name).toContain(`${name}@${pinned}\nLicence: `);
    }
    expect(licences).toContain("Permission is hereby granted"); // the MIT text itself, not just its name
  });

  it("bin/bwp-directory: --version, --help, an unknown command, and migrate on a new database", async () => {
    expect(launcher(["--version"]).stdout.trim()).toBe(`bwp-directory ${version}`);
    const help = launcher(["--help"]);
    expect(help.status).toBe(0);
    for (const command of ["start", ...Object.keys(COMMANDS)]) expect(help.stdout).toContain(`  ${command}`);
    const unknown = launcher(["deploy"]);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain("unknown command 'deploy'");
    const spare = await spareDatabaseTarget(work, "migrated");
    try {
      const migrated = launcher(["migrate"], databaseEnv(spare.target));
      expect(migrated.stderr).toBe("");
      expect(migrated.stdout).toMatch(/^migrated /);
      expect(migrated.status).toBe(0);
    } finally {
      await spare.drop();
    }
  });

  it(`starts on a new database (${testEngine === "postgres" ? "PostgreSQL, uploads in S3" : "SQLite, uploads in a folder"}): the first admin signs in, a seller applies, it stops cleanly`, async () => {
    const admin = { email: "admin@release.test", password: "Release-Admin-Password-1" };
    const spare = await spareDatabaseTarget(work, "site");
    const s3 = testEngine === "postgres" ? await startLocalS3("bwp-release") : null;
    const uploads = join(work, `uploads-${testEngine}`);
    try {
      const server = await startServer({
        cwd: site,
        command: [join(site, LAUNCH[0]), LAUNCH[1]],
        env: {
          ...databaseEnv(spare.target),
          UPLOADS_DIR: uploads,
          ...s3?.env,
          WEB_CONCURRENCY: "1",
          COOKIE_SECURE: "0",
          SESSION_SECRET: "release-test-session-secret-0123456789",
          ADMIN_EMAIL: admin.email,
          ADMIN_PASSWORD: admin.password,
        },
      });
      try {
        const { base } = server;
        expect((await fetch(`${base}/readyz`)).status).toBe(200);

        // The back office's sign-in form, posted as a browser without JavaScript posts it.
        const login = await fetch(`${base}/admin/login`, {
          method: "POST",
          redirect: "manual",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
          body: new URLSearchParams(admin).toString(),
        });
        expect(login.status).toBe(302);
        expect(login.headers.get("location")).toBe("/admin");
        const cookie = login.headers.get("set-cookie")!.split(";")[0]!;

        // The listing application (/register), its images through sharp, as a multipart form.
        const [category] = (await (await fetch(`${base}/api/categories`)).json()) as { id: number }[];
        const business = `Release Crafts ${testEngine}`;
        const form = new FormData();
        for (const [k, v] of Object.entries({
          name: "Release Applicant",
          email: `applicant-${testEngine}@release.test`,
          mobile: "+91 98765 43210",
          id_proof_type: "pan_card",
          plan: "6m",
          business_name: business,
          city: "Bangalore",
          pincode: "560001",
          address: "12 MG Road",
          category_ids: String(category!.id),
          terms: "on",
        }))
          form.append(k, v);
        for (const [i, field] of ["id_proof_document", "payment_screenshot", "profile_photo"].entries())
          form.append(
            field,
            new File([new Uint8Array(await pngImage(40, 30, 40 * i))], "a.png", { type: "image/png" }),
          );
        const applied = await fetch(`${base}/register`, {
          method: "POST",
          redirect: "manual",
          body: form,
          headers: { Origin: base },
        });
        expect(applied.status, await applied.clone().text()).toBe(302);
        expect(applied.headers.get("location")).toContain("/register?submitted=1");

        const listed = await fetch(`${base}/admin/sellers?search=${encodeURIComponent(business)}`, {
          headers: { Cookie: cookie },
        });
        expect(listed.status).toBe(200);
        expect(await listed.text()).toContain(business);
        if (s3) {
          const bucket = new S3Store({
            bucket: s3.bucket,
            endpoint: s3.endpoint,
            region: "us-east-1",
            accessKeyId: S3RVER_KEY,
            secretAccessKey: S3RVER_KEY,
            forcePathStyle: true,
          });
          expect((await bucket.list("private/")).length).toBe(2);
          expect((await bucket.list("public/")).length).toBeGreaterThan(0);
          expect(existsSync(uploads)).toBe(false);
        } else {
          expect(readdirSync(join(uploads, "private")).length).toBe(2);
        }
      } finally {
        expect(await server.stop()).toBe(0);
      }
    } finally {
      await s3?.stop();
      await spare.drop();
    }
  }, 90_000);
});

// No container engine runs where the tests run: the Dockerfile and compose.yaml are checked as files.
describe.skipIf(testEngine === "postgres")("the container files", () => {
  const dockerfile = readFileSync(join(root, "Dockerfile"), "utf8");
  const instruction = (name: string) => new RegExp(`^${name} (.*)$`, "m").exec(dockerfile)?.[1];

  it("the Dockerfile unpacks this version's release file and starts it as the release test does, as a user, with a health check", () => {
    expect(instruction("FROM")).toMatch(/^node:20-[a-z]+-slim$/);
    expect(JSON.parse(instruction("CMD")!)).toEqual([...LAUNCH]);
    expect(dockerfile).not.toMatch(/^ENTRYPOINT /m);
    expect(dockerfile).toContain(`ARG VERSION=${version}\n`);
    expect(dockerfile).toMatch(/^COPY dist\/bwp-directory-\$\{VERSION\}-linux-\$\{ARCH\}\.tar\.gz /m);
    expect(dockerfile).toContain("sha256sum -c");
    const instructions = dockerfile.replace(/^#.*\n/gm, "");
    expect(instructions).not.toMatch(/\bnpm\b/); // nothing is installed or built in the image
    expect(instruction("USER")).toBe("node");
    expect(instruction("VOLUME")).toBe('["/app/data"]');
    expect(dockerfile).toMatch(/^HEALTHCHECK [^\n]*\\\n\s+CMD \[[^\n]*\/readyz/m);
    expect(readFileSync(join(root, ".dockerignore"), "utf8")).toMatch(/^\*$/m);
  });

  it("compose.yaml is YAML with the app, PostgreSQL, MinIO and Caddy, and the settings that join them", () => {
    // js-yaml is in node_modules (through ESLint); it ships no types of its own.
    const yaml = createRequire(import.meta.url)("js-yaml") as { load: (text: string) => unknown };
    type Service = { image: string; environment?: Record<string, string>; command?: string[] };
    const compose = yaml.load(readFileSync(join(root, "compose.yaml"), "utf8")) as {
      services: Record<string, Service>;
    };
    const { app, postgres, minio, caddy } = compose.services;
    expect(app?.image).toBe(`bwp-directory:${version}`);
    expect(postgres?.image).toMatch(/^postgres:/);
    expect(minio?.image).toMatch(/^minio\/minio/);
    expect(caddy?.image).toMatch(/^caddy:/);
    const env = app!.environment!;
    expect(env.DATABASE_URL).toMatch(/^postgres:\/\/bwp:\$\{POSTGRES_PASSWORD[^}]*\}@postgres:5432\/bwp$/);
    expect(env.S3_ENDPOINT).toBe("http://minio:9000");
    expect(env.S3_BUCKET).toBeTruthy();
    expect(env.SESSION_SECRET).toMatch(/^\$\{SESSION_SECRET:\?/);
    expect(env.TRUST_PROXY).toBe("1");
    expect(caddy!.command).toContain("app:3000");
  });
});
