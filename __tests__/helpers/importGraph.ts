/**
 * The import graph of the project's own TypeScript files, read with the TypeScript compiler's
 * parser (no type checking): every `import`/`export … from`, `import()` and `require()` whose
 * target is a project file ('@/…' or a relative path). Used by the architecture tests.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const ROOT = process.cwd();

export interface ImportEdge {
  /** Project-relative path of the imported file, e.g. `server/http/errors.ts`. */
  target: string;
  /** `import type …` / `export type …`: gone at run time. */
  typeOnly: boolean;
}

export function* sourceFiles(dir: string): Generator<string> {
  const full = path.join(ROOT, dir);
  if (!fs.existsSync(full)) return;
  for (const entry of fs.readdirSync(full, { withFileTypes: true })) {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(rel);
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) yield rel;
  }
}

const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** The project file a specifier names, or null for a package (or a file that is not TypeScript). */
export function resolveSpecifier(fromFile: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('@/')) base = specifier.slice(2);
  else if (specifier.startsWith('.')) base = path.posix.join(path.posix.dirname(fromFile), specifier);
  else return null;
  for (const ext of EXTENSIONS) {
    const candidate = path.posix.normalize(base + ext);
    const full = path.join(ROOT, candidate);
    if (fs.existsSync(full) && fs.statSync(full).isFile() && /\.tsx?$/.test(candidate)) return candidate;
  }
  return null;
}

export function importsOf(file: string): ImportEdge[] {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const edges: ImportEdge[] = [];
  const add = (specifier: string, typeOnly: boolean) => {
    const target = resolveSpecifier(file, specifier);
    if (target) edges.push({ target, typeOnly });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        !!clause &&
        (clause.isTypeOnly ||
          (!clause.name &&
            !!clause.namedBindings &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      add(node.moduleSpecifier.text, typeOnly);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      add(node.moduleSpecifier.text, node.isTypeOnly);
    } else if (
      ts.isCallExpression(node) &&
      node.arguments.length === 1 &&
      ts.isStringLiteralLike(node.arguments[0]) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(node.expression) && node.expression.text === 'require'))
    ) {
      add(node.arguments[0].text, false);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

/** The graph of every file under `dirs`, keeping only edges between those files. */
export function importGraph(dirs: string[], options: { runtimeOnly: boolean }): Map<string, string[]> {
  const files = dirs.flatMap((d) => [...sourceFiles(d)]);
  const inside = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = importsOf(file)
      .filter((e) => inside.has(e.target) && !(options.runtimeOnly && e.typeOnly))
      .map((e) => e.target);
    graph.set(file, [...new Set(targets)].sort());
  }
  return graph;
}

/**
 * The strongly connected components with more than one file (or a file importing itself): each is
 * one import cycle, as its sorted file list (Tarjan's algorithm).
 */
export function cyclesOf(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const strongConnect = (v: string) => {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        strongConnect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(component.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) strongConnect(v);
  return cycles.sort((a, b) => a[0].localeCompare(b[0]));
}
