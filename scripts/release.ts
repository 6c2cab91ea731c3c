// npm run release -- [--skip-build] [--node-modules=npm-ci|installed]
// One file to deploy: dist/bwp-directory-<version>-linux-<arch>.tar.gz and its SHA-256 beside it
// (docs/decisions/223-one-release-file.md). The folder inside holds the compiled server and client (build/),
// server/start.js, the production node_modules (native addons built for this platform), the operator's
// commands compiled to plain JavaScript (commands/), the launcher bin/bwp-directory and the licences of
// everything bundled (THIRD-PARTY-LICENSES). It runs with Node alone: no devDependency, no TypeScript.
//
// The production node_modules comes from `npm ci --omit=dev` in a staging folder, kept in a cache keyed by
// the lockfile, Node's ABI and the machine (~/.cache/bwp-directory/release-node-modules/<key>): the first
// release compiles better-sqlite3 (about a minute), the next ones copy the cache. --node-modules=installed
// copies the production packages of this checkout's node_modules instead (what `npm ci` installed from the
// same lockfile, on this machine), when the cache is cold: the release test uses it to stay within CI's time.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  chmodSync,
  copyFileSync,
  cpSync,
  createReadStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { homedir } from "node:os";
import { builtinModules } from "node:module";
import { basename, dirname, join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

const ROOT = join(import.meta.dirname, "..");

/** The operator's commands: the launcher's name → the script compiled for it (the same scripts npm runs). */
export const COMMANDS: Readonly<Record<string, string>> = {
  migrate: "scripts/db-migrate.ts",
  backup: "scripts/db-backup.ts",
  restore: "scripts/db-restore.ts",
  "user:create": "scripts/user-create.ts",
  "uploads:copy": "scripts/uploads-copy.ts",
  "db:copy": "scripts/db-copy.ts",
};

/**
 * The release file may not grow past this (`npm run release` refuses, the release test checks it): 24.8 MiB
 * now; TypeScript coming back into node_modules (+4.3 MiB) would cross it (docs/decisions/223-one-release-file.md).
 */
export const SIZE_BUDGET_BYTES = 28 * 1024 * 1024;

/**
 * Packages the release does not need at run time, removed from its node_modules: tsx (and its esbuild) runs
 * the repository's TypeScript scripts, and the release's are compiled; TypeScript is only an optional peer of
 * @react-router/node and @react-router/express (for their types), which `npm ci --omit=dev` installs anyway
 * (24 MB). Nothing in the release imports them (the release test runs without them).
 */
const PRUNED = ["tsx", "esbuild", "@esbuild", "typescript"];

export type ReleaseOptions = {
  /** Use build/ as it is (made by `npm run build` or CI's checks) instead of building again. */
  skipBuild?: boolean;
  /** Where the production node_modules comes from when the cache is cold (see the top of this file). */
  nodeModules?: "npm-ci" | "installed";
  /** The folder the file is written to (default dist/). */
  outDir?: string;
  log?: (line: string) => void;
};

export type Release = {
  file: string;
  checksumFile: string;
  bytes: number;
  sha256: string;
  version: string;
  seconds: number;
};

type PackageJson = { name: string; version?: string; dependencies?: Record<string, string>; engines?: unknown };

function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): void {
  const result = spawnSync(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: "inherit" });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed (exit ${result.status})`);
}

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, "utf8")) as T;
}

/** The cache's key: what decides the production node_modules' contents. */
function nodeModulesKey(): string {
  const hash = createHash("sha256");
  hash.update(readFileSync(join(ROOT, "package-lock.json")));
  hash.update(JSON.stringify(readJson<PackageJson>(join(ROOT, "package.json")).dependencies));
  hash.update(`${process.platform}-${process.arch}-abi${process.versions.modules}-${PRUNED.join(",")}`);
  return hash.digest("hex").slice(0, 16);
}

function installEnv(): NodeJS.ProcessEnv {
  // As scripts/install.sh: better-sqlite3 compiles against the local Node headers; no browser download.
  return {
    ...process.env,
    ...(existsSync("/usr/include/node") ? { npm_config_nodedir: "/usr" } : {}),
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1",
    JOBS: "max",
  };
}

/** `npm ci --omit=dev` in a staging folder of its own (never in the checkout's node_modules). */
function installProduction(into: string, log: (line: string) => void): void {
  const staging = `${into}.${process.pid}.staging`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  copyFileSync(join(ROOT, "package.json"), join(staging, "package.json"));
  copyFileSync(join(ROOT, "package-lock.json"), join(staging, "package-lock.json"));
  log("npm ci --omit=dev in a staging folder (the first release on this machine compiles better-sqlite3)");
  run("npm", ["ci", "--omit=dev", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: staging, env: installEnv() });
  settle(join(staging, "node_modules"), into);
  rmSync(staging, { recursive: true, force: true });
}

/** Moves a finished folder into the cache; when another release (another checkout) got there first, keeps that one. */
function settle(made: string, into: string): void {
  try {
    renameSync(made, into);
  } catch (error) {
    if (!existsSync(into)) throw error;
    rmSync(made, { recursive: true, force: true });
  }
}

/**
 * The production packages of the checkout's node_modules, copied: the lockfile's entries not marked dev,
 * each at the place `npm ci` put it (the same layout `npm ci --omit=dev` makes), native addons as built here.
 */
function copyInstalled(into: string): void {
  const lock = readJson<{ packages: Record<string, { dev?: boolean; link?: boolean }> }>(
    join(ROOT, "package-lock.json"),
  );
  const staging = `${into}.${process.pid}.staging`;
  rmSync(staging, { recursive: true, force: true });
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (!path.startsWith("node_modules/") || entry.dev || entry.link) continue;
    const from = join(ROOT, path);
    if (!existsSync(from)) continue; // an optional package for another platform
    const to = join(staging, path.slice("node_modules/".length));
    mkdirSync(to, { recursive: true });
    for (const name of readdirSync(from)) {
      if (name === "node_modules") continue; // nested packages are entries of their own
      cpSync(join(from, name), join(to, name), { recursive: true, verbatimSymlinks: true });
    }
  }
  settle(staging, into);
}

function prune(nodeModules: string): void {
  for (const name of PRUNED) rmSync(join(nodeModules, name), { recursive: true, force: true });
  const bin = join(nodeModules, ".bin");
  if (existsSync(bin))
    for (const name of ["tsx", "esbuild", "tsc", "tsserver"]) rmSync(join(bin, name), { force: true });
  // Build leftovers of better-sqlite3's compilation (objects, makefiles, its SQLite sources): only the addon
  // itself, build/Release/better_sqlite3.node, is loaded.
  const build = join(nodeModules, "better-sqlite3", "build");
  if (existsSync(join(build, "Release", "better_sqlite3.node"))) {
    for (const name of readdirSync(build))
      if (name !== "Release") rmSync(join(build, name), { recursive: true, force: true });
    for (const name of readdirSync(join(build, "Release")))
      if (name !== "better_sqlite3.node") rmSync(join(build, "Release", name), { recursive: true, force: true });
  }
  rmSync(join(nodeModules, "better-sqlite3", "deps"), { recursive: true, force: true });
  rmSync(join(nodeModules, "better-sqlite3", "src"), { recursive: true, force: true });
}

/** The production node_modules for this lockfile, from the cache or made now (and cached). */
function productionNodeModules(mode: "npm-ci" | "installed", log: (line: string) => void): string {
  const cacheRoot =
    process.env.RELEASE_CACHE_DIR ??
    join(process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "bwp-directory", "release-node-modules");
  const key = nodeModulesKey();
  // npm's own install is preferred whenever it is there; a copy of the checkout's is cached apart, so a
  // release made without --node-modules=installed never ships one.
  const installed = join(cacheRoot, key, "node_modules");
  const copied = join(cacheRoot, `${key}-copied`, "node_modules");
  for (const cached of mode === "installed" ? [installed, copied] : [installed])
    if (existsSync(cached)) {
      log(`production node_modules: cached (${relative(cacheRoot, dirname(cached))})`);
      prune(cached); // idempotent: a cache made before a change to prune() gets it too
      return cached;
    }
  const made = mode === "installed" ? copied : installed;
  mkdirSync(dirname(made), { recursive: true });
  if (mode === "installed") {
    log("production node_modules: copied from this checkout's node_modules (the cache is cold)");
    copyInstalled(made);
  } else installProduction(made, log);
  prune(made);
  // Other keys of this cache are other lockfiles (or Node versions): only this one's are kept.
  for (const other of readdirSync(cacheRoot))
    if (other !== key && other !== `${key}-copied`) rmSync(join(cacheRoot, other), { recursive: true, force: true });
  return made;
}

/** The operator's commands, compiled with the app and db code they import; packages stay in node_modules. */
async function compileCommands(outdir: string, dependencies: Record<string, string>): Promise<void> {
  const esbuild = await import("esbuild");
  const entryPoints = Object.fromEntries(
    Object.values(COMMANDS).map((source) => [basename(source, ".ts"), join(ROOT, source)]),
  );
  const result = await esbuild.build({
    entryPoints,
    outdir,
    bundle: true,
    splitting: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    tsconfig: join(ROOT, "tsconfig.json"),
    chunkNames: "shared/[name]-[hash]",
    metafile: true,
    logLevel: "warning",
    legalComments: "none",
  });
  // Every package a command imports must be a production dependency, or it fails where the release runs.
  const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
  const missing = new Set<string>();
  for (const output of Object.values(result.metafile.outputs))
    for (const imported of output.imports) {
      if (!imported.external || builtins.has(imported.path)) continue;
      const name = imported.path.startsWith("@")
        ? imported.path.split("/").slice(0, 2).join("/")
        : imported.path.split("/")[0]!;
      if (!dependencies[name]) missing.add(name);
    }
  if (missing.size)
    throw new Error(`the commands import packages that are not dependencies: ${[...missing].join(", ")}`);
}

const LICENCE_FILE = /^(licen[cs]e|copying|notice)(\.|-|$)/i;

/** Every bundled package's name, version, licence field and licence file(s), in one text. */
function thirdPartyLicences(nodeModules: string): { text: string; packages: number } {
  const found = new Map<string, string>();
  const visit = (dir: string) => {
    for (const name of readdirSync(dir)) {
      if (name.startsWith(".")) continue;
      const path = join(dir, name);
      if (name.startsWith("@")) {
        visit(path);
        continue;
      }
      const manifest = join(path, "package.json");
      if (!existsSync(manifest)) continue;
      const pkg = readJson<PackageJson & { license?: string | { type?: string }; licenses?: { type?: string }[] }>(
        manifest,
      );
      const id = `${pkg.name}@${pkg.version}`;
      if (!found.has(id)) {
        const field =
          typeof pkg.license === "string"
            ? pkg.license
            : (pkg.license?.type ?? pkg.licenses?.map((l) => l.type).join(" OR ") ?? "not stated");
        const files = readdirSync(path).filter(
          (file) => LICENCE_FILE.test(file) && statSync(join(path, file)).isFile(),
        );
        const texts = files.map((file) => `--- ${file} ---\n${readFileSync(join(path, file), "utf8").trim()}`);
        found.set(
          id,
          `${id}\nLicence: ${field}\n${texts.length ? texts.join("\n\n") : "(the package ships no licence file; its licence field is above)"}`,
        );
      }
      if (existsSync(join(path, "node_modules"))) visit(join(path, "node_modules"));
    }
  };
  visit(nodeModules);
  const entries = [...found.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, text]) => text);
  const head =
    "The packages this release bundles in node_modules/, with the licence each states and the text of its licence\n" +
    "file(s). The compiled client and server in build/ contain code of some of them (React, React Router).\n";
  return { text: `${head}\n${entries.join(`\n\n${"=".repeat(78)}\n\n`)}\n`, packages: found.size };
}

function sha256Of(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash("sha256");
    createReadStream(file)
      .on("data", (chunk) => hash.update(chunk))
      .on("end", () => resolve(hash.digest("hex")))
      .on("error", reject);
  });
}

/** The release file's name for this version on this machine. */
export function releaseName(version: string): string {
  return `bwp-directory-${version}-linux-${process.arch}`;
}

export async function buildRelease(options: ReleaseOptions = {}): Promise<Release> {
  const started = performance.now();
  const log = options.log ?? ((line: string) => console.log(line));
  const pkg = readJson<PackageJson>(join(ROOT, "package.json"));
  if (!pkg.version) throw new Error("package.json has no version");
  const version = pkg.version;
  const outDir = options.outDir ?? join(ROOT, "dist");

  if (!options.skipBuild) run("npm", ["run", "build"], { cwd: ROOT });
  if (!existsSync(join(ROOT, "build", "server", "index.js")) || !existsSync(join(ROOT, "build", "client")))
    throw new Error("build/ is missing: run `npm run build` (or leave out --skip-build)");

  const name = releaseName(version);
  const folder = `bwp-directory-${version}`;
  const stage = join(outDir, ".stage");
  const top = join(stage, folder);
  rmSync(stage, { recursive: true, force: true });
  mkdirSync(top, { recursive: true });

  cpSync(join(ROOT, "build"), join(top, "build"), { recursive: true });
  mkdirSync(join(top, "server"));
  copyFileSync(join(ROOT, "server", "start.js"), join(top, "server", "start.js"));
  // The package file the server needs ("type": "module") with what identifies the release; no scripts, no devDependencies.
  const released = {
    name: pkg.name,
    version,
    private: true,
    type: "module",
    engines: pkg.engines,
    dependencies: pkg.dependencies,
  };
  writeFileSync(join(top, "package.json"), `${JSON.stringify(released, null, 2)}\n`);

  await compileCommands(join(top, "commands"), pkg.dependencies ?? {});
  mkdirSync(join(top, "bin"));
  const launcher = readFileSync(join(ROOT, "bin", "bwp-directory"), "utf8").replaceAll("@VERSION@", version);
  writeFileSync(join(top, "bin", "bwp-directory"), launcher);
  chmodSync(join(top, "bin", "bwp-directory"), 0o755);

  const modules = productionNodeModules(options.nodeModules ?? "npm-ci", log);
  const licences = thirdPartyLicences(modules);
  writeFileSync(join(top, "THIRD-PARTY-LICENSES"), licences.text);

  mkdirSync(outDir, { recursive: true });
  const file = join(outDir, `${name}.tar.gz`);
  rmSync(file, { force: true });
  // Owner and times fixed, names sorted: the same inputs give the same file. The node_modules goes in
  // straight from the cache, renamed into the folder (not copied to the stage first: ~180 MB of small files).
  run(
    "tar",
    [
      "--sort=name",
      "--owner=0",
      "--group=0",
      "--numeric-owner",
      "--mtime=@0",
      "-czf",
      file,
      "-C",
      stage,
      folder,
      "-C",
      dirname(modules),
      `--transform=s,^node_modules,${folder}/node_modules,S`,
      "node_modules",
    ],
    { cwd: ROOT },
  );
  rmSync(stage, { recursive: true, force: true });
  const sha256 = await sha256Of(file);
  const checksumFile = `${file}.sha256`;
  writeFileSync(checksumFile, `${sha256}  ${basename(file)}\n`);
  const bytes = statSync(file).size;
  const seconds = (performance.now() - started) / 1000;
  log(
    `${relative(process.cwd(), file)}: ${(bytes / 1024 / 1024).toFixed(1)} MiB (budget ${SIZE_BUDGET_BYTES / 1024 / 1024} MiB), ` +
      `${licences.packages} packages' licences, sha256 ${sha256} (in ${seconds.toFixed(1)} s)`,
  );
  if (bytes > SIZE_BUDGET_BYTES) throw new Error(`the release file is over its budget of ${SIZE_BUDGET_BYTES} bytes`);
  return { file, checksumFile, bytes, sha256, version, seconds };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { values } = parseArgs({
    options: {
      "skip-build": { type: "boolean", default: false },
      "node-modules": { type: "string", default: "npm-ci" },
    },
  });
  const mode = values["node-modules"];
  if (mode !== "npm-ci" && mode !== "installed") {
    console.error("usage: npm run release -- [--skip-build] [--node-modules=npm-ci|installed]");
    process.exit(2);
  }
  try {
    await buildRelease({ skipBuild: values["skip-build"], nodeModules: mode });
  } catch (error) {
    console.error(`no release: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
