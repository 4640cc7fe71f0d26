// The sizes issue 64 asks a newcomer's house to keep, counted over src/, webview/ and scripts/:
// files over 600 lines, functions (declarations, methods, arrows and function expressions) over 150 lines,
// and source lines over 200 characters outside the data tables of src/core/lexicon/.
//   npx tsx scripts/house-counts.ts            (a summary)
//   npx tsx scripts/house-counts.ts --list     (every offender, largest first)
//   npx tsx scripts/house-counts.ts --check    (exit 1 when any count is above 0: `npm run lint:size`, run by `npm test`)
// Import cycles and layer rules are counted by `npm run lint:deps` (dependency-cruiser), not here.
import * as fs from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';

const root = path.resolve(__dirname, '..');
const FOLDERS = ['src', 'webview', 'scripts'];
const MAX_FILE_LINES = 600;
const MAX_FUNCTION_LINES = 150;
const MAX_LINE_CHARS = 200;
const DATA_TABLES = `src${path.sep}core${path.sep}lexicon${path.sep}`;

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.(ts|mts|cts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

interface FunctionSize {
  file: string;
  name: string;
  line: number;
  lines: number;
}

function functionName(node: ts.Node, source: ts.SourceFile): string {
  const named = node as ts.Node & { name?: ts.Node };
  if (named.name) return named.name.getText(source);
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText(source);
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText(source);
  return '(anonymous)';
}

function functionsOf(file: string): FunctionSize[] {
  const text = fs.readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const sizes: FunctionSize[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && (node as ts.FunctionLikeDeclaration).body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      sizes.push({ file: path.relative(root, file), name: functionName(node, source), line: start + 1, lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return sizes;
}

const check = process.argv.includes('--check');
const list = process.argv.includes('--list') || check;
const files = FOLDERS.flatMap((folder) => sourceFiles(path.join(root, folder)));
const bigFiles: Array<{ file: string; lines: number }> = [];
const longLines: Array<{ file: string; line: number; chars: number }> = [];
const bigFunctions: FunctionSize[] = [];
for (const file of files) {
  const relative = path.relative(root, file);
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  if (lines.length > MAX_FILE_LINES) bigFiles.push({ file: relative, lines: lines.length });
  if (!relative.startsWith(DATA_TABLES)) {
    lines.forEach((text, index) => {
      if (text.length > MAX_LINE_CHARS) longLines.push({ file: relative, line: index + 1, chars: text.length });
    });
  }
  bigFunctions.push(...functionsOf(file).filter((size) => size.lines > MAX_FUNCTION_LINES));
}

console.log(`${files.length} source files in ${FOLDERS.join(', ')}`);
console.log(`files over ${MAX_FILE_LINES} lines: ${bigFiles.length}`);
if (list) for (const big of bigFiles.sort((a, b) => b.lines - a.lines)) console.log(`  ${big.lines}  ${big.file}`);
console.log(`functions over ${MAX_FUNCTION_LINES} lines: ${bigFunctions.length}`);
if (list) for (const fn of bigFunctions.sort((a, b) => b.lines - a.lines)) console.log(`  ${fn.lines}  ${fn.file}:${fn.line} ${fn.name}`);
console.log(`lines over ${MAX_LINE_CHARS} characters outside src/core/lexicon/: ${longLines.length}`);
if (list) for (const long of longLines.sort((a, b) => b.chars - a.chars)) console.log(`  ${long.chars}  ${long.file}:${long.line}`);
if (check && bigFiles.length + bigFunctions.length + longLines.length > 0) {
  console.error('lint:size: split the file or function, or wrap the line (word lists belong in src/core/lexicon/)');
  process.exitCode = 1;
}
