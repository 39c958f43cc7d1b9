#!/usr/bin/env -S node --no-warnings
// cute-layout on the core compiled to WebAssembly (docs/web.md): the same arguments and
// batch mode as the native command line, so the same tests run against both.
//   node cute-layout.mjs [--cute[=B]] [--dynamic[=B]] [--table[=B] | --svg FILE] EXPR... | -
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const CUTE = 1, DYNAMIC = 2, TABLE = 4, SVG = 8;

// Node marks WASI experimental; that notice is not part of an answer.
const emitWarning = process.emitWarning.bind(process);
process.emitWarning = (warning, ...rest) => {
  if (!String(warning).includes('WASI')) emitWarning(warning, ...rest);
};

async function load() {
  const { WASI } = await import('node:wasi'); // after the warning filter above
  const here = path.dirname(fileURLToPath(import.meta.url));
  const wasi = new WASI({ version: 'preview1', args: [], env: {} });
  // Beside this file in the build tree; from the source tree, the build's (build/web).
  const candidates = [path.join(here, 'cutelayout.wasm'), path.join(here, '..', 'build', 'web', 'cutelayout.wasm')];
  const module = candidates.find((p) => existsSync(p));
  if (!module) {
    process.stderr.write('cute-layout: no cutelayout.wasm beside this file or in build/web (run ./scripts/build.sh)\n');
    process.exit(1);
  }
  const { instance } = await WebAssembly.instantiate(readFileSync(module), wasi.getImportObject());
  wasi.initialize(instance);
  const ex = instance.exports;
  const encoder = new TextEncoder(), decoder = new TextDecoder();
  return (expr, flags) => {
    const bytes = encoder.encode(expr);
    if (bytes.length > ex.cl_input_capacity())
      return { ok: false, text: 'error: the expression is longer than ' + ex.cl_input_capacity() + ' bytes' };
    new Uint8Array(ex.memory.buffer, ex.cl_input(), bytes.length).set(bytes);
    const status = ex.cl_eval(bytes.length, flags);
    const text = decoder.decode(new Uint8Array(ex.memory.buffer, ex.cl_output(), ex.cl_output_size()));
    return { ok: status === 0, text };
  };
}

function usage(message) {
  process.stderr.write(`cute-layout: ${message} (try --help)\n`);
  process.exit(1);
}

function parseSwitch(arg, name) {
  if (arg === `--${name}` || arg === `--${name}=true` || arg === `--${name}=1`) return true;
  if (arg === `--${name}=false` || arg === `--${name}=0`) return false;
  usage(`--${name} takes true, false, 1 or 0, not ${arg.slice(name.length + 3)}`);
}

let flags = 0, svgFile = null;
const exprs = [];
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; ++i) {
  const a = argv[i];
  if (a === '-h' || a === '--help') {
    process.stdout.write('cute-layout (WebAssembly): [--cute[=B]] [--dynamic[=B]] [--table[=B] | --svg FILE] EXPR... | -\n');
    process.exit(0);
  } else if (a.startsWith('--cute')) flags = parseSwitch(a, 'cute') ? flags | CUTE : flags & ~CUTE;
  else if (a.startsWith('--dynamic')) flags = parseSwitch(a, 'dynamic') ? flags | DYNAMIC : flags & ~DYNAMIC;
  else if (a.startsWith('--table')) flags = parseSwitch(a, 'table') ? flags | TABLE : flags & ~TABLE;
  else if (a === '--svg') svgFile = argv[++i] ?? usage('--svg takes a file');
  else if (a.startsWith('--svg=')) svgFile = a.slice(6);
  else if (a.startsWith('--') && a !== '-') usage(`unknown option ${a}`);
  else exprs.push(a);
}
if (exprs.length === 0) usage('no expression given');
if (svgFile !== null && (exprs.length !== 1 || exprs[0] === '-' || (flags & TABLE)))
  usage('--svg FILE draws the answer of one expression');

const evaluate = await load();
const out = [];
let ok = true;
const table = (flags & TABLE) !== 0;
// Batch mode prints one line per input line: a value CuTe prints on several lines (an
// atom, a tiled MMA) gets each run of whitespace as one space, as the native tool does.
function answer(expr, oneLine) {
  const r = evaluate(expr, flags);
  ok = ok && r.ok;
  const text = oneLine && !table && r.ok ? r.text.trim().split(/\s+/).join(' ') : r.text;
  out.push(table && r.ok ? text : text + '\n');
  if (r.ok && svgFile !== null) {
    const svg = evaluate(expr, flags | SVG);
    if (!svg.ok) {
      ok = false;
      out.push(svg.text + '\n');
    } else {
      writeFileSync(svgFile, svg.text);
    }
  }
}
if (exprs.length === 1 && exprs[0] === '-') {
  const lines = readFileSync(0, 'utf8').split('\n');
  if (lines.length && lines[lines.length - 1] === '') lines.pop();
  for (const line of lines) {
    answer(line.endsWith('\r') ? line.slice(0, -1) : line, true);
    if (table) out.push('\n');
  }
} else {
  exprs.forEach((e, i) => {
    if (table && i > 0) out.push('\n');
    answer(e, false);
  });
}
process.stdout.write(out.join(''));
process.exitCode = ok ? 0 : 1;
