/**
 * The import graph of the package's sources and its cycles, read with the TypeScript parser: every
 * relative `import`, `export … from` and `import()` is an edge, type-only ones included (a cycle of
 * types is still two modules that cannot be understood one without the other).
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';

/** Each module, by path relative to `root`, with the modules it imports, in the order written. */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

/** The relative specifiers a module's text imports or re-exports, dynamic imports included. */
export function importSpecifiers(code: string): string[] {
  const file = ts.createSourceFile('module.ts', code, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const specifiers: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier !== undefined && ts.isStringLiteral(node.moduleSpecifier)) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] !== undefined && ts.isStringLiteral(node.arguments[0])) {
      specifiers.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return specifiers.filter((s) => s.startsWith('.'));
}

/**
 * The graph of `files` (absolute paths below `root`); an import of a module outside them (the
 * generated grammar bundle) is left out.
 *
 * @example
 * ```ts
 * importGraph(SRC, sourceFiles(SRC)).get('ast/print.ts'); // ['ast/nodes.ts', …]
 * ```
 */
export function importGraph(root: string, files: readonly string[]): ImportGraph {
  const known = new Set(files.map((f) => relative(root, f)));
  return new Map(
    files.map((file) => {
      const targets = importSpecifiers(readFileSync(file, 'utf8'))
        .map((s) => relative(root, join(dirname(file), s.replace(/\.js$/, '.ts'))))
        .filter((t) => known.has(t));
      return [relative(root, file), [...new Set(targets)]];
    }),
  );
}

/**
 * The import cycles of `graph`: each strongly connected component of two or more modules (or a
 * module importing itself), shown as one cycle through it, `a.ts → b.ts → a.ts`. Tarjan's
 * algorithm, iterative: each module and each edge is visited once.
 *
 * @example
 * ```ts
 * importCycles(new Map([['a.ts', ['b.ts']], ['b.ts', ['a.ts']], ['c.ts', []]])); // ['a.ts → b.ts → a.ts']
 * ```
 */
export function importCycles(graph: ImportGraph): string[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const frames: { node: string; next: number }[] = [{ node: start, next: 0 }];
    index.set(start, index.size);
    low.set(start, index.get(start)!);
    stack.push(start);
    onStack.add(start);
    while (frames.length > 0) {
      const frame = frames[frames.length - 1]!;
      const targets = graph.get(frame.node) ?? [];
      if (frame.next < targets.length) {
        const target = targets[frame.next++]!;
        if (!index.has(target)) {
          index.set(target, index.size);
          low.set(target, index.get(target)!);
          stack.push(target);
          onStack.add(target);
          frames.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        }
        continue;
      }
      frames.pop();
      const parent = frames[frames.length - 1];
      if (parent !== undefined) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1 || (graph.get(frame.node) ?? []).includes(frame.node)) components.push(component);
      }
    }
  }
  return components.map((c) => cycleThrough(graph, new Set(c)).join(' → '));
}

/** One cycle inside a strongly connected `component`, from its first module in sorted order back to it (breadth-first, so a shortest one). */
function cycleThrough(graph: ImportGraph, component: ReadonlySet<string>): string[] {
  const start = [...component].sort()[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i]!;
    for (const target of graph.get(node) ?? []) {
      if (!component.has(target)) continue;
      if (target === start) {
        const path: string[] = [];
        for (let at = node; at !== start; at = cameFrom.get(at)!) path.unshift(at);
        return [start, ...path, start];
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, node);
        queue.push(target);
      }
    }
  }
  return [start, start];
}
