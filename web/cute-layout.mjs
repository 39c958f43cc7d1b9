#!/usr/bin/env -S node --no-warnings
// cute-layout on the core compiled to WebAssembly (docs/web.md): the same arguments and
// batch mode as the native command line, so the same tests run against both.
//   node cute-layout.mjs [--cute[=B]] [--dynamic[=B]] [--table[=B] | --banks[=B] [--element-bits=N]
//       [--access-bits=N] [--access=rows|columns|TV|SIDE:COPY] [--svg FILE] | --svg FILE | --latex FILE]
//       EXPR... | -
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const CUTE = 1, DYNAMIC = 2, TABLE = 4, SVG = 8, BANKS = 16, LATEX = 32;

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
  // Writes text into the input buffer and runs call(length) on it: an expression (cl_eval)
  // or --banks' options (cl_banks).
  const run = (text, call) => {
    const bytes = encoder.encode(text);
    if (bytes.length > ex.cl_input_capacity())
      return { ok: false, text: 'error: the expression is longer than ' + ex.cl_input_capacity() + ' bytes' };
    new Uint8Array(ex.memory.buffer, ex.cl_input(), bytes.length).set(bytes);
    const status = call(bytes.length);
    return { ok: status === 0, text: decoder.decode(new Uint8Array(ex.memory.buffer, ex.cl_output(), ex.cl_output_size())) };
  };
  return {
    evaluate: (expr, flags) => run(expr, (n) => ex.cl_eval(n, flags)),
    banks: (options, flags) => run(options.join('\n'), (n) => ex.cl_banks(n, flags)),
    version: () => run('', () => ex.cl_version()).text,
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

let flags = 0, svgFile = null, latexFile = null, version = false;
const bankOptions = { 'element-bits': null, 'access-bits': null, access: null };
const exprs = [];
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; ++i) {
  const a = argv[i];
  const value = (name) => (a === `--${name}` ? argv[++i] ?? usage(`--${name} takes a value`) : a.slice(name.length + 3));
  const named = (name) => a === `--${name}` || a.startsWith(`--${name}=`);
  if (a === '-h' || a === '--help') {
    process.stdout.write('cute-layout (WebAssembly): [--cute[=B]] [--dynamic[=B]] [--table[=B] | --banks[=B] ' +
                         '[--element-bits=N] [--access-bits=N] [--access=rows|columns|TV|SIDE:COPY] [--svg FILE] | ' +
                         '--svg FILE | --latex FILE] ' +
                         'EXPR... | -\n');
    process.exit(0);
  } else if (a === '--version') version = true;
  else if (a.startsWith('--cute')) flags = parseSwitch(a, 'cute') ? flags | CUTE : flags & ~CUTE;
  else if (a.startsWith('--dynamic')) flags = parseSwitch(a, 'dynamic') ? flags | DYNAMIC : flags & ~DYNAMIC;
  else if (a.startsWith('--table')) flags = parseSwitch(a, 'table') ? flags | TABLE : flags & ~TABLE;
  else if (a.startsWith('--banks')) flags = parseSwitch(a, 'banks') ? flags | BANKS : flags & ~BANKS;
  else if (named('element-bits')) bankOptions['element-bits'] = value('element-bits');
  else if (named('access-bits')) bankOptions['access-bits'] = value('access-bits');
  else if (named('access')) bankOptions.access = value('access');
  else if (named('svg')) svgFile = value('svg');
  else if (named('latex')) latexFile = value('latex');
  else if (a.startsWith('--') && a !== '-') usage(`unknown option ${a}`);
  else exprs.push(a);
}
const wasm = await load();
if (version) {
  process.stdout.write(wasm.version());
  process.exit(0);
}
if (exprs.length === 0) usage('no expression given');
if ((flags & TABLE) && (flags & BANKS)) usage('--table and --banks are different views: give one');
for (const [name, v] of Object.entries(bankOptions))
  if (v !== null && !(flags & BANKS)) usage(`--${name} is an option of --banks`);
for (const [flag, file] of [['--svg', svgFile], ['--latex', latexFile]])
  if (file !== null && (exprs.length !== 1 || exprs[0] === '-' || (flags & TABLE)))
    usage(`${flag} FILE draws the answer of one expression`);
// With --banks, --svg colours a layout's cells by bank (the module's SVG view with BANKS set).
if (latexFile !== null && (flags & BANKS)) usage('--latex FILE has no bank colours: with --banks, give --svg FILE');
if (flags & BANKS) {
  const set = wasm.banks([bankOptions['element-bits'] ?? '16', bankOptions['access-bits'] ?? '128',
                          bankOptions.access ?? 'rows'], flags);
  if (!set.ok) {
    process.stderr.write(`cute-layout: ${set.text.replace(/^error: /, '')} (try --help)\n`);
    process.exit(1);
  }
}
const evaluate = wasm.evaluate;
const out = [];
let ok = true;
const table = (flags & (TABLE | BANKS)) !== 0;
// Batch mode prints one line per input line: a value CuTe prints on several lines (an
// atom, a tiled MMA) gets each run of whitespace as one space, as the native tool does.
function answer(expr, oneLine) {
  const r = evaluate(expr, flags);
  ok = ok && r.ok;
  const text = oneLine && !table && r.ok ? r.text.trim().split(/\s+/).join(' ') : r.text;
  out.push(table && r.ok ? text : text + '\n');
  for (const [file, view] of [[svgFile, SVG], [latexFile, LATEX]]) {
    if (!r.ok || file === null) continue;
    const picture = evaluate(expr, flags | view);
    if (!picture.ok) {
      ok = false;
      out.push(picture.text + '\n');
    } else {
      writeFileSync(file, picture.text);
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
