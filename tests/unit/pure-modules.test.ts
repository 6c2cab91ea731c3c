import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, test } from "vitest";
import { PURE_APP_MODULES } from "../../scripts/pure-app-modules";

// The bundler is told that these modules run nothing when imported (vite.config.ts): one that did (a call or
// an assignment at its top level) would have that effect dropped from pages that use none of its bindings.
const root = resolve(__dirname, "../..");
const files = ["app/lib", "app/components"].flatMap((dir) =>
  readdirSync(join(root, dir))
    .map((name) => `${dir}/${name}`)
    .filter((path) => PURE_APP_MODULES.test(`/${path}`)),
);

/** The top-level statements of a module that do something when it is imported, as text. */
function topLevelEffects(path: string, text: string): string[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TSX);
  const declarations = new Set([
    ts.SyntaxKind.ImportDeclaration,
    ts.SyntaxKind.ImportEqualsDeclaration,
    ts.SyntaxKind.ExportDeclaration,
    ts.SyntaxKind.ExportAssignment,
    ts.SyntaxKind.FunctionDeclaration,
    ts.SyntaxKind.ClassDeclaration,
    ts.SyntaxKind.InterfaceDeclaration,
    ts.SyntaxKind.TypeAliasDeclaration,
    ts.SyntaxKind.EnumDeclaration,
    ts.SyntaxKind.ModuleDeclaration,
    ts.SyntaxKind.VariableStatement,
    ts.SyntaxKind.EmptyStatement,
  ]);
  return source.statements.filter((s) => !declarations.has(s.kind)).map((s) => s.getText(source).slice(0, 80));
}

describe("the modules the bundler is told are pure", () => {
  test("the list is read from the folders (app/lib and app/components have such files)", () => {
    expect(files).toContain("app/lib/dates.ts");
    expect(files).toContain("app/components/lazy-until-used.tsx");
    expect(files.some((path) => path.includes("/validation/"))).toBe(false);
  });

  test("none of them has a statement at its top level that runs when imported", () => {
    const effects = files.flatMap((path) =>
      topLevelEffects(path, readFileSync(join(root, path), "utf8")).map((statement) => `${path}: ${statement}`),
    );
    expect(effects).toEqual([]);
  });

  test("the check finds a call at the top level (zod's configuration, as lib/validation/fields.ts makes it)", () => {
    expect(
      topLevelEffects("x.ts", 'import { z } from "zod";\nz.config({ jitless: true });\nexport const a = 1;'),
    ).toEqual(["z.config({ jitless: true });"]);
  });
});
