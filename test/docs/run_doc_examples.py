#!/usr/bin/env python3
"""Runs the worked examples of the documentation and checks their outputs.

  run_doc_examples.py --cute-layout BIN [--help-coverage] cute-layout.md
  run_doc_examples.py --cute-opt BIN [--td DIR] [--section HEADING] dialect.md
  run_doc_examples.py --guide --cute-layout BIN --cute-opt BIN [--pythonpath DIR] tutorial.md

cute-layout reference: every fenced block holds `$ cute-layout ...` lines, each of them
run; the lines up to the next `$` are its exact output (standard output and standard
error together), and its exit status must be 1 when they hold an `error:` line, else 0.

dialect reference: a fenced `mlir` block after `<!-- example -->` is run through
`cute-opt --canonicalize`, or through plain `cute-opt` when the marker of the block after
it is `<!-- expect: no-canonicalize -->`, or through `cute-opt --cute-expand` or
`--cute-to-llvm` (the lowering) when it is `<!-- expect: cute-expand -->` or
`<!-- expect: cute-to-llvm -->`; `<!-- expect: run -->` lowers it with --cute-to-llvm and
runs it with the JIT (--mlir-run CMD) and looks for the lines in what it prints; that block, after `<!-- expect -->`, lists lines
that must occur in the output in order (FileCheck's CHECK lines; runs of whitespace
compare as one space). A fenced `mlir` block after `<!-- error-example -->` must pass
`cute-opt -verify-diagnostics`. Every mlir block is one of the two.

Each example belongs to the `###` entry above it and must use that entry's operation.
With --help-coverage (cute-layout) or --td (dialect), every operation the tool lists or
the ODS files define needs an entry (an alias a line `Aliases: ...` under its entry).

guide (docs/tutorial.md, docs/semantics.md): every fenced block runs, whatever its kind:
a plain block of `$ cute-layout ...` lines as in the cute-layout reference; an `mlir`
block with its markers as in the dialect reference; a `python` block in one interpreter
session for the whole document (PYTHONPATH=DIR, so `import cutelayout` finds the build
tree's module), whose standard output must be exactly the plain block after
`<!-- output -->` that follows it (a block that prints nothing has none). Any other block
is a failure, so nothing in a guide goes unchecked. There are no entries.

Prints one line per failure, then `doc examples: N passed, M failed`; exits 1 on any
failure.
"""
import argparse
import os
import re
import shlex
import subprocess
import sys
import tempfile

FENCE = re.compile(r"^```(\w*)\s*$")
# How an example runs: --canonicalize, plain, --cute-expand, --cute-to-llvm, or lowered
# by --cute-to-llvm and run by the JIT (the command given with --mlir-run).
EXPECT_MARKERS = ("expect", "expect: no-canonicalize", "expect: cute-expand", "expect: cute-to-llvm", "expect: run")
MLIR_RUN = None


class Doc:
    """The fenced blocks of a markdown file with their entry, marker and line."""

    def __init__(self, path, section=None):
        self.path = path
        self.blocks = []   # (entry, marker, language, first line number, lines)
        self.entries = []  # headings `### name`, in order
        self.aliases = set()
        entry, marker, block, lang, start = None, None, None, "", 0
        heading = None  # the latest heading's text, for --section
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                line = line.rstrip("\n")
                if block is not None:
                    if line.strip() == "```":
                        if section is None or heading == section:
                            self.blocks.append((entry, marker, lang, start, block))
                        block, marker = None, None
                    else:
                        block.append(line)
                    continue
                m = FENCE.match(line)
                if m:
                    block, lang, start = [], m.group(1), number + 1
                    continue
                if line.startswith("#"):
                    heading = line.lstrip("#").strip()
                h = re.match(r"^###\s+`?([\w.]+)`?\s*$", line)
                if h:
                    entry = h.group(1)
                    self.entries.append(entry)
                    marker = None
                    continue
                c = re.match(r"^<!--\s*([\w-]+(?::\s*[\w-]+)?)\s*-->\s*$", line)
                if c:
                    marker = re.sub(r"\s+", " ", c.group(1))
                    continue
                a = re.match(r"^Aliases?:\s*(.*)$", line)
                if a:
                    self.aliases.update(re.findall(r"`([\w.]+)`", a.group(1)))
                    continue
                if line.strip():
                    marker = None


class Results:
    def __init__(self, doc):
        self.doc = doc
        self.passed = 0
        self.failed = 0

    def ok(self):
        self.passed += 1

    def fail(self, line, message):
        """One line per failure; line None for what concerns the whole document."""
        self.failed += 1
        where = os.path.basename(self.doc.path) + ("" if line is None else ":%d" % line)
        print("FAIL %s: %s" % (where, message))


def squeeze(s):
    return re.sub(r"\s+", " ", s.strip())


def mentions(text, name):
    """Whether an example's text calls operation `name` (a call or template form)."""
    return re.search(r"(?<![\w.])" + re.escape(name) + r"\s*[(<\[ ]", text) is not None


# --- cute-layout ----------------------------------------------------------------------------

def run_commands(tool, start, lines, results):
    """Runs the `$ cute-layout ...` lines of one block against the lines after each; returns
    (argv, is_error) of each command that passed."""
    passed = []
    commands = [i for i, l in enumerate(lines) if l.startswith("$ ")]
    if not commands or not lines[0].startswith("$ "):
        results.fail(start, "a block here holds `$ cute-layout` commands and their output, first a command")
        return passed
    for k, i in enumerate(commands):
        end = commands[k + 1] if k + 1 < len(commands) else len(lines)
        command, expected = lines[i][2:], lines[i + 1:end]
        where = start + i
        try:
            argv = shlex.split(command)
        except ValueError as e:
            results.fail(where, "cannot split %r: %s" % (command, e))
            continue
        if not argv or argv[0] != "cute-layout":
            results.fail(where, "not a cute-layout command: %s" % command)
            continue
        proc = subprocess.run([tool] + argv[1:], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              universal_newlines=True)
        got = proc.stdout.rstrip("\n").split("\n") if proc.stdout else []
        is_error = any(l.startswith("error:") for l in expected)
        status = 1 if is_error else 0
        if got != expected:
            results.fail(where, "%s: expected %r, got %r" % (command, " | ".join(expected), " | ".join(got)))
        elif proc.returncode != status:
            results.fail(where, "%s: exit status %d, expected %d" % (command, proc.returncode, status))
        else:
            results.ok()
            passed.append((argv, is_error))
    return passed


def run_cute_layout(doc, tool, results, help_coverage):
    used = {}         # entry -> (examples, error examples) that call it
    for entry, _, _, start, lines in doc.blocks:
        for argv, is_error in run_commands(tool, start, lines, results):
            if entry is not None:
                counts = used.setdefault(entry, [0, 0])
                if any(mentions(a, entry) for a in argv[1:]):
                    counts[1 if is_error else 0] += 1
    for entry in doc.entries:
        examples, errors = used.get(entry, [0, 0])
        if examples == 0:
            results.fail(None, "entry %s has no passing example that calls it" % entry)
        if errors == 0:
            results.fail(None, "entry %s has no error example that calls it" % entry)
    if help_coverage:
        text = subprocess.run([tool, "--help"], stdout=subprocess.PIPE, universal_newlines=True).stdout
        ops = text.split("Operations:", 1)[1]
        names = set(re.findall(r"^  ([a-z_]+)\(", ops, re.M))
        for line in ops.splitlines():
            if line.strip().startswith("aliases:"):
                names.update(re.findall(r"\b([a-z_]+)\b", line.split(":", 1)[1]))
        documented = set(doc.entries) | doc.aliases
        for name in sorted(names - documented):
            results.fail(None, "operation %s of `cute-layout --help` has no entry" % name)


# --- cute-opt ---------------------------------------------------------------------------------

def run_cute_opt(tool, text, args):
    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as f:
        f.write(text + "\n")
        path = f.name
    try:
        proc = subprocess.run([tool, path] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              universal_newlines=True)
    finally:
        os.unlink(path)
    return proc


def first_error(stderr):
    """The first diagnostic of cute-opt's standard error, without the temporary file's name."""
    for line in stderr.splitlines():
        if "error: " in line:
            return line.split("error: ", 1)[1]
    return squeeze(stderr)


def find_in_order(output, expected):
    """The first expected line not found after the previous one's match, or None. As
    FileCheck's CHECK lines: each within one output line, in order."""
    lines = [squeeze(l) for l in output.splitlines()]
    row, col = 0, 0
    for want in expected:
        want = squeeze(want)
        while row < len(lines):
            i = lines[row].find(want, col)
            if i >= 0:
                col = i + len(want)
                break
            row, col = row + 1, 0
        else:
            return want
    return None


def check_example(tool, ex_start, snippet, start, marker, lines, results, entry=None):
    """Runs an example (at line ex_start) through cute-opt, with --canonicalize unless the
    marker of its expect block (at line start) says otherwise, and looks for that block's
    lines in order."""
    flags = {"expect": ["--canonicalize"], "expect: cute-expand": ["--cute-expand"],
             "expect: cute-to-llvm": ["--cute-to-llvm"], "expect: run": ["--cute-to-llvm"]}.get(marker, [])
    proc = run_cute_opt(tool, snippet, flags)
    if proc.returncode != 0:
        results.fail(ex_start, "cute-opt failed: " + first_error(proc.stderr))
        return False
    if marker == "expect: run":
        if not MLIR_RUN:
            results.fail(ex_start, "an <!-- expect: run --> example needs --mlir-run")
            return False
        proc = subprocess.run(shlex.split(MLIR_RUN), input=proc.stdout, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, universal_newlines=True)
        if proc.returncode != 0:
            results.fail(ex_start, "the JIT failed: " + first_error(proc.stderr))
            return False
    missing = find_in_order(proc.stdout, [l for l in lines if l.strip()])
    if missing is not None:
        printed = [squeeze(l) for l in proc.stdout.splitlines() if entry and mentions(l, entry)]
        if printed:
            results.fail(start, "%r not found in order; the op printed %r" % (missing, printed[0]))
        else:
            results.fail(start, "%r not found in order in what cute-opt printed: %r" % (missing, proc.stdout.strip()))
        return False
    results.ok()
    return True


def check_error_example(tool, start, text, results):
    """Runs an error example through cute-opt -verify-diagnostics."""
    if "expected-error" not in text:
        results.fail(start, "an error example needs an expected-error line")
        return False
    proc = run_cute_opt(tool, text, ["-verify-diagnostics"])
    if proc.returncode != 0:
        results.fail(start, "-verify-diagnostics: " + first_error(proc.stderr))
        return False
    results.ok()
    return True


def run_dialect(doc, tool, results, td):
    used = {}
    pending = None  # (entry, start, snippet) of an example awaiting its expect block

    def flush_missing():
        if pending is not None:
            results.fail(pending[1], "example without an <!-- expect --> block")
    for entry, marker, lang, start, lines in doc.blocks:
        text = "\n".join(lines)
        if marker == "example":
            flush_missing()
            if lang != "mlir":
                results.fail(start, "an example must be a fenced mlir block")
            if len(re.findall(r"^\s*func\.func\b", text, re.M)) != 1:
                results.fail(start, "an example must hold exactly one func.func")
            pending = (entry, start, text)
        elif marker in EXPECT_MARKERS:
            if pending is None:
                results.fail(start, "an <!-- expect --> block without an example before it")
                continue
            ex_entry, ex_start, snippet = pending
            pending = None
            if not check_example(tool, ex_start, snippet, start, marker, lines, results, ex_entry):
                continue
            if ex_entry and mentions(snippet, ex_entry):
                used.setdefault(ex_entry, [0, 0])[0] += 1
        elif lang == "mlir" and marker != "error-example":
            results.fail(start, "an mlir block needs <!-- example --> or <!-- error-example --> before it")
        elif marker == "error-example":
            flush_missing()
            pending = None
            if not check_error_example(tool, start, text, results):
                continue
            if entry and mentions(text, entry):
                used.setdefault(entry, [0, 0])[1] += 1
    flush_missing()
    for entry in doc.entries:
        if used.get(entry, [0, 0])[0] == 0:
            results.fail(None, "entry %s has no passing example that uses it" % entry)
    if td:
        ops = set()
        for name in sorted(os.listdir(td)):
            if name.endswith(".td"):
                with open(os.path.join(td, name), encoding="utf-8") as f:
                    ops.update("cute." + m for m in re.findall(
                        r'^def Cute_\w+Op\s*:\s*(?:Cute_\w+<|Op<Cute_Dialect,\s*)"([\w.]+)"', f.read(), re.M))
        if not ops:
            results.fail(None, "no ops found in %s" % td)
        for op in sorted(ops - set(doc.entries)):
            results.fail(None, "op %s of the ODS files has no entry" % op)
        errors = sum(1 for e in doc.entries if used.get(e, [0, 0])[1])
        print("entries: %d, with an error example: %d" % (len(doc.entries), errors))


# --- guides: every block of the document runs --------------------------------------------------

# Runs in the interpreter that runs this script: executes the blocks it reads (JSON
# [[name, source], ...]) one after the other in one namespace and writes, for each, what
# it printed and the exception it raised, if any.
PYTHON_SESSION = r"""
import contextlib, io, json, sys, traceback
namespace = {"__name__": "__main__"}
answers = []
for name, source in json.load(sys.stdin):
    out = io.StringIO()
    error = None
    try:
        with contextlib.redirect_stdout(out):
            exec(compile(source, name, "exec"), namespace)
    except BaseException as e:
        error = "".join(traceback.format_exception_only(type(e), e)).strip()
    answers.append([out.getvalue(), error])
json.dump(answers, sys.__stdout__)
"""


def run_python_blocks(doc, blocks, pythonpath, results):
    """Runs the python blocks [(start, lines, expected output or None)] in one session."""
    if not blocks:
        return
    if not pythonpath:
        results.fail(blocks[0][0], "python blocks need --pythonpath (the build tree's python directory)")
        return
    import json
    env = dict(os.environ, PYTHONPATH=pythonpath)
    name = os.path.basename(doc.path)
    source = json.dumps([["%s:%d" % (name, start), "\n".join(lines) + "\n"] for start, lines, _ in blocks])
    proc = subprocess.run([sys.executable, "-c", PYTHON_SESSION], input=source, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, universal_newlines=True, env=env)
    try:
        answers = json.loads(proc.stdout)
    except ValueError:
        results.fail(blocks[0][0], "the python session failed: " + squeeze(proc.stderr)[-400:])
        return
    for (start, lines, expected), (out, error) in zip(blocks, answers):
        got = out.rstrip("\n").split("\n") if out else []
        if error is not None:
            results.fail(start, "python: " + error)
        elif expected is None and got:
            results.fail(start, "python: the block prints %r but no <!-- output --> block follows it"
                         % " | ".join(got))
        elif expected is not None and got != expected:
            results.fail(start, "python: expected %r, got %r" % (" | ".join(expected), " | ".join(got)))
        else:
            results.ok()


def run_guide(doc, cute_layout, cute_opt, pythonpath, results):
    python = []   # (start, lines, expected output or None), run together at the end
    blocks = doc.blocks
    i = 0
    while i < len(blocks):
        _, marker, lang, start, lines = blocks[i]
        after = blocks[i + 1] if i + 1 < len(blocks) else None
        i += 1
        if lang == "python":
            expected = None
            if after is not None and after[1] == "output":
                if after[2] != "":
                    results.fail(after[3], "an <!-- output --> block is a plain fenced block")
                expected = after[4]
                i += 1
            python.append((start, lines, expected))
        elif lang == "mlir" and marker == "example":
            if after is None or after[1] not in EXPECT_MARKERS:
                results.fail(start, "example without an <!-- expect --> block")
                continue
            i += 1
            check_example(cute_opt, start, "\n".join(lines), after[3], after[1], after[4], results)
        elif lang == "mlir" and marker == "error-example":
            check_error_example(cute_opt, start, "\n".join(lines), results)
        elif lang == "" and lines and lines[0].startswith("$ "):
            run_commands(cute_layout, start, lines, results)
        else:
            results.fail(start, "a block that does not run: a guide's blocks are `$ cute-layout` commands "
                         "with their output, python blocks (with an <!-- output --> block) and mlir "
                         "examples (<!-- example --> and <!-- expect -->, or <!-- error-example -->)")
    run_python_blocks(doc, python, pythonpath, results)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--cute-layout")
    p.add_argument("--help-coverage", action="store_true")
    p.add_argument("--cute-opt")
    p.add_argument("--td")
    p.add_argument("--guide", action="store_true")
    p.add_argument("--pythonpath")
    p.add_argument("--mlir-run", help="the JIT command that runs a lowered module read from standard input")
    p.add_argument("--section", help="only the blocks under the heading with this text")
    p.add_argument("doc")
    a = p.parse_args()
    global MLIR_RUN
    MLIR_RUN = a.mlir_run
    doc = Doc(a.doc, a.section)
    results = Results(doc)
    if a.guide:
        if not a.cute_layout or not a.cute_opt:
            p.error("--guide needs --cute-layout and --cute-opt")
        run_guide(doc, a.cute_layout, a.cute_opt, a.pythonpath, results)
    elif a.cute_layout:
        run_cute_layout(doc, a.cute_layout, results, a.help_coverage)
    elif a.cute_opt:
        run_dialect(doc, a.cute_opt, results, a.td)
    else:
        p.error("give --cute-layout or --cute-opt")
    print("doc examples: %d passed, %d failed" % (results.passed, results.failed))
    return 1 if results.failed else 0


if __name__ == "__main__":
    sys.exit(main())
