import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, extname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

// Every reference in code resolves inside the repository: a decision is cited by its file under
// docs/decisions/ (which must exist), never by a number kept in another document, and no comment or
// test names an issue tracker's number. The docs' own relative links must resolve too.

const root = resolve(import.meta.dirname, "../..");
const CODE_DIRS = ["app", "server", "db", "scripts", "tests", "lib", ".ci"];
const CODE_EXT = new Set([".ts", ".tsx", ".js", ".cjs", ".mjs", ".css", ".snap", ".sh", ""]);
const SKIP_DIRS = new Set(["node_modules", "build", ".react-router", "test-results", "playwright-report"]);

function walk(dir: string, keep: (path: string) => boolean): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (!SKIP_DIRS.has(name)) out.push(...walk(path, keep));
    } else if (keep(path)) out.push(path);
  }
  return out;
}

function codeFiles(): string[] {
  const top = readdirSync(root)
    .filter((name) => /\.(ts|js|cjs|mjs)$/.test(name))
    .map((name) => join(root, name));
  const inDirs = CODE_DIRS.flatMap((dir) => walk(join(root, dir), (path) => CODE_EXT.has(extname(path))));
  return [...top, ...inDirs];
}

type Hit = { where: string; text: string };

/** Each match of `pattern` in `files`, as "path:line" and the matched text. */
export function findReferences(files: { path: string; text: string }[], pattern: RegExp): Hit[] {
  const hits: Hit[] = [];
  for (const { path, text } of files) {
    text.split("\n").forEach((line, i) => {
      for (const m of line.matchAll(
        new RegExp(pattern.source, pattern.flags.includes("g") ? pattern.flags : pattern.flags + "g"),
      )) {
        hits.push({ where: `${relative(root, path)}:${i + 1}`, text: m[0] });
      }
    });
  }
  return hits;
}

/** An issue tracker's number ("issue" then an optional # and digits). */
export const ISSUE_NUMBER = /\bissues? #?\d+/i;
/** A decision cited by a bare number (the old numbering of another document), or the old single file. */
export const NUMBERED_DECISION = /\bdecisions? #?\d+[a-z]?\b|\bdecisions\.md\b/i;
/** A decision file cited by its path. */
export const DECISION_PATH = /docs\/decisions\/[\w.-]*\w/g;

/** The decision paths in `hits` that name no file of the repository. */
export function unknownDecisionFiles(hits: Hit[]): Hit[] {
  return hits.filter(
    (hit) => !/^docs\/decisions\/\d{3}-[\w-]+\.md$/.test(hit.text) || !existsSync(join(root, hit.text)),
  );
}

describe("references in code resolve inside the repository", () => {
  const files = codeFiles().map((path) => ({ path, text: readFileSync(path, "utf8") }));

  it("scans the code", () => {
    expect(files.some((file) => file.path.endsWith(join("app", "routes.ts")))).toBe(true);
    expect(files.some((file) => file.path.endsWith(join("tests", "unit", "references.test.ts")))).toBe(true);
  });

  it("names no issue number", () => {
    expect(findReferences(files, ISSUE_NUMBER)).toEqual([]);
  });

  it("cites decisions by their files, not by numbers kept elsewhere", () => {
    expect(findReferences(files, NUMBERED_DECISION)).toEqual([]);
  });

  it("cites only decision files that exist", () => {
    const cited = findReferences(files, DECISION_PATH);
    expect(cited.length).toBeGreaterThan(20);
    expect(unknownDecisionFiles(cited)).toEqual([]);
  });

  it("tells each wrong reference apart from a good one", () => {
    const missing = `docs/${"dec"}isions/011-no-such-title.md`;
    const good = [
      { path: join(root, "app/x.ts"), text: "// public only (docs/decisions/011-only-live-sellers-are-public.md)\n" },
    ];
    const bad = [
      { path: join(root, "app/x.ts"), text: `// see ${"iss"}ue #7 and ${"Iss"}ue 22's report\n` },
      { path: join(root, "app/y.ts"), text: `// ${"dec"}ision 11, ${"dec"}isions 13a; docs/${"dec"}isions.md\n` },
      { path: join(root, "app/z.ts"), text: `// ${missing}. Or docs/${"dec"}isions/README\n` },
    ];
    expect(findReferences(good, ISSUE_NUMBER)).toEqual([]);
    expect(findReferences(good, NUMBERED_DECISION)).toEqual([]);
    expect(unknownDecisionFiles(findReferences(good, DECISION_PATH))).toEqual([]);
    expect(findReferences(bad, ISSUE_NUMBER).map((hit) => hit.where)).toEqual(["app/x.ts:1", "app/x.ts:1"]);
    expect(findReferences(bad, NUMBERED_DECISION).map((hit) => hit.text)).toEqual([
      `${"dec"}ision 11`,
      `${"dec"}isions 13a`,
      `${"dec"}isions.md`,
    ]);
    expect(unknownDecisionFiles(findReferences(bad, DECISION_PATH)).map((hit) => hit.text)).toEqual([
      missing,
      `docs/${"dec"}isions/README`,
    ]);
  });
});

describe("links in the docs resolve", () => {
  it("points every relative link of docs/ and README.md at a file that exists", () => {
    const docs = [join(root, "README.md"), ...walk(join(root, "docs"), (path) => path.endsWith(".md"))];
    const broken: string[] = [];
    for (const doc of docs) {
      for (const m of readFileSync(doc, "utf8").matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)) {
        const target = m[1];
        if (/^[a-z]+:/i.test(target)) continue;
        if (!existsSync(resolve(dirname(doc), target))) broken.push(`${relative(root, doc)}: ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
