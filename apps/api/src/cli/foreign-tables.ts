import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

/**
 * Finds where a module reads another module's tables (issue #38): a value import of another module's
 * `pgTable` (through `db/schema.ts` or its `*.table.ts`), or another module's table name written as
 * text inside a raw `sql` template. Table files are left out (foreign keys name other tables), and so
 * are tests (they check outcomes in any table). `module-tables.test.ts` fails on any read it finds.
 * Usage: tsx apps/api/src/cli/foreign-tables.ts [apps/api/src] [--list]
 */

export type ModuleTable = { module: string; name: string; sqlName: string };
export type ForeignRead = {
  file: string;
  module: string;
  kind: 'import' | 'sql';
  table: ModuleTable;
};

const MODULE_DIR = /^modules\/([^/]+\/[^/]+)\//;

/** `records/checkups` for `modules/records/checkups/…`, undefined outside the modules. */
export function moduleOf(relativeFile: string): string | undefined {
  return MODULE_DIR.exec(relativeFile.split(path.sep).join('/'))?.[1];
}

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walk(full));
    else if (entry.name.endsWith('.ts')) out.push(full);
  }
  return out;
}

function parse(file: string, text: string) {
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
}

/** Every `export const x = pgTable('name', …)` of every module's table files. */
export function moduleTables(srcDir: string, files = walk(path.join(srcDir, 'modules'))): ModuleTable[] {
  const tables: ModuleTable[] = [];
  for (const file of files.filter((f) => f.endsWith('.table.ts'))) {
    const module = moduleOf(path.relative(srcDir, file));
    if (!module) continue;
    const source = parse(file, fs.readFileSync(file, 'utf8'));
    for (const statement of source.statements) {
      if (!ts.isVariableStatement(statement)) continue;
      for (const decl of statement.declarationList.declarations) {
        const init = decl.initializer;
        if (!ts.isIdentifier(decl.name) || !init || !ts.isCallExpression(init)) continue;
        if (init.expression.getText(source) !== 'pgTable') continue;
        const first = init.arguments[0];
        if (!first || !ts.isStringLiteral(first)) continue;
        tables.push({ module, name: decl.name.text, sqlName: first.text });
      }
    }
  }
  return tables;
}

function templateText(node: ts.TemplateLiteral): string {
  if (ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ');
}

function isSqlTag(tag: ts.Expression, source: ts.SourceFile): boolean {
  return /^sql(\.raw)?$/.test(tag.getText(source));
}

/** The foreign reads in one module file, given every module's tables. */
export function foreignReadsIn(
  srcDir: string,
  file: string,
  text: string,
  tables: ModuleTable[],
): ForeignRead[] {
  const relative = path.relative(srcDir, file).split(path.sep).join('/');
  const module = moduleOf(relative);
  if (!module) return [];
  const foreign = tables.filter((t) => t.module !== module);
  const byName = new Map(foreign.map((t) => [t.name, t]));
  const source = parse(file, text);
  const reads: ForeignRead[] = [];
  const schemaFile = path.join(srcDir, 'db', 'schema.ts');

  const fromTables = (specifier: string) => {
    const target = path.resolve(path.dirname(file), specifier);
    return target === schemaFile || target.endsWith('.table.ts');
  };

  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      fromTables(node.moduleSpecifier.text)
    ) {
      const typeOnly = ts.isImportDeclaration(node) ? node.importClause?.isTypeOnly : node.isTypeOnly;
      const bindings = ts.isImportDeclaration(node) ? node.importClause?.namedBindings : node.exportClause;
      if (!typeOnly && bindings && (ts.isNamedImports(bindings) || ts.isNamedExports(bindings))) {
        for (const element of bindings.elements) {
          if (element.isTypeOnly) continue;
          const table = byName.get((element.propertyName ?? element.name).text);
          if (table) reads.push({ file: relative, module, kind: 'import', table });
        }
      }
    }
    const sqlText =
      ts.isTaggedTemplateExpression(node) && isSqlTag(node.tag, source)
        ? templateText(node.template)
        : ts.isCallExpression(node) &&
            isSqlTag(node.expression, source) &&
            node.arguments[0] &&
            ts.isStringLiteralLike(node.arguments[0])
          ? node.arguments[0].text
          : undefined;
    if (sqlText !== undefined) {
      for (const table of foreign) {
        // A table is named as a word of its own, not as a column (`x.pets`) or part of a longer name.
        const word = new RegExp(`(?<![\\w.])"?${table.sqlName}"?(?![\\w])`, 'g');
        for (const _ of sqlText.matchAll(word)) reads.push({ file: relative, module, kind: 'sql', table });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return reads;
}

/** Every foreign read in the product files of `srcDir`'s modules. */
export function foreignReads(srcDir: string): ForeignRead[] {
  const files = walk(path.join(srcDir, 'modules'));
  const tables = moduleTables(srcDir, files);
  return files
    .filter((f) => !f.endsWith('.table.ts') && !/\.test\.ts$/.test(f))
    .flatMap((f) => foreignReadsIn(srcDir, f, fs.readFileSync(f, 'utf8'), tables));
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const srcDir = path.resolve(
    process.argv.slice(2).find((a) => !a.startsWith('--')) ??
      path.join(path.dirname(fileURLToPath(import.meta.url)), '..'),
  );
  const reads = foreignReads(srcDir);
  const pairs = (kind: ForeignRead['kind']) =>
    new Set(reads.filter((r) => r.kind === kind).map((r) => `${r.file} ${r.table.name}`));
  const imports = reads.filter((r) => r.kind === 'import');
  const sqlReads = reads.filter((r) => r.kind === 'sql');
  const importFiles = new Set(imports.map((r) => r.file));
  console.log(
    `imports of another module's table: ${imports.length} in ${importFiles.size} files (${pairs('import').size} file×table pairs)`,
  );
  console.log(
    `another module's table named in sql: ${sqlReads.length} times in ${new Set(sqlReads.map((r) => r.file)).size} files (${pairs('sql').size} file×table pairs)`,
  );
  if (process.argv.includes('--list')) {
    const byFile = new Map<string, string[]>();
    for (const r of reads) {
      const list = byFile.get(r.file) ?? [];
      list.push(`${r.kind}:${r.kind === 'sql' ? r.table.sqlName : r.table.name}(${r.table.module})`);
      byFile.set(r.file, list);
    }
    for (const [file, list] of [...byFile].sort()) console.log(`${file}\n  ${list.join(' ')}`);
  }
}
