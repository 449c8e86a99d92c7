#!/usr/bin/env python3
"""Every command line written in README.md and docs/*.md still works.

usage: check_doc_commands.py POLYDEM SOURCE_DIR WORKDIR

Command lines are the lines of code blocks, and the inline code spans of two
words or more, that start with polydem, mpirun, bash, python3, cmake, ctest or
a script under benchmarks/ or scripts/; `&&` splits a line into commands. For
each command:

- polydem SUB ...: `polydem SUB --help` exits 0 and lists every --option the
  line uses; a deck or mesh named in the line that exists is run through
  `polydem check` (decks) or `polydem mesh` (meshes) and must pass;
- mpirun ... polydem ...: the polydem part, as above;
- bash FILE, python3 FILE, benchmarks/X.sh: the file exists and mentions
  every --option the line gives it;
- cmake -DNAME=...: NAME is an option or variable the project's CMake uses.

Inline spans that are a bare --option must be an option of some polydem
subcommand or of one of the project's scripts. Placeholders in capitals
(DECK, DIR, FILE, N) and [optional] parts are checked as options only.
"""
import glob
import os
import re
import shlex
import subprocess
import sys

STARTS = re.compile(r"^\s*(\./build/polydem|build/polydem|polydem|mpirun|bash|python3|cmake|ctest"
                    r"|benchmarks/\S+\.sh|scripts/\S+)(\s|$)")
SUBCOMMANDS = ("run", "check", "pack", "mesh", "plot", "export-state")
failures = []


def fail(where, message):
    failures.append(f"{where}: {message}")


def command_lines(path):
    """(line number, text) of each command line of one Markdown file."""
    text = open(path, encoding="utf-8").read()
    found = []
    for block in re.finditer(r"```[a-z]*\n(.*?)```", text, re.S):
        first_line = text.count("\n", 0, block.start(1)) + 1
        for offset, line in enumerate(block.group(1).splitlines()):
            if STARTS.match(line):
                found.append((first_line + offset, line))
    outside = re.sub(r"```.*?```", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    for span in re.finditer(r"`([^`\n]+)`", outside):
        line = text.count("\n", 0, span.start()) + 1
        if STARTS.match(span.group(1)) and len(span.group(1).split()) > 1:
            found.append((line, span.group(1)))
    return found


def bare_options(path):
    outside = re.sub(r"```.*?```", "", open(path, encoding="utf-8").read(), flags=re.S)
    return sorted({m.group(1) for m in re.finditer(r"`(--[a-z][a-z0-9-]*)", outside)})


def clean(line):
    """The command of a usage line: no comment, no description after a wide gap."""
    line = re.split(r"\s#\s", line)[0]
    return re.split(r"\s{3,}", line.strip())[0]


def options_of(words):
    return [w.split("=")[0] for w in words if w.startswith("--")]


def help_text(polydem, args):
    result = subprocess.run([polydem] + args + ["--help"], capture_output=True, text=True,
                            timeout=60)
    return result.returncode, result.stdout + result.stderr


def check_polydem(polydem, source, work, where, words):
    sub = next((w for w in words if not w.startswith("-")), None)
    code, text = help_text(polydem, [sub] if sub in SUBCOMMANDS else [])
    if code != 0:
        fail(where, f"polydem {sub or ''} --help exited {code}")
        return
    if sub is not None and sub not in SUBCOMMANDS:
        fail(where, f"'{sub}' is no polydem subcommand")
    for option in options_of(words):
        if option not in text:
            fail(where, f"polydem {sub} has no option {option}")
    for word in words:
        path = os.path.join(source, word)
        if not os.path.isfile(path):
            continue
        if word.endswith(".yaml"):
            result = subprocess.run([polydem, "check", path], capture_output=True, text=True,
                                    timeout=120, cwd=work)
            if result.returncode != 0:
                fail(where, f"polydem check {word}: exit {result.returncode}: {result.stderr}")
        elif word.endswith((".stl", ".obj")):
            result = subprocess.run([polydem, "mesh", path], capture_output=True, text=True,
                                    timeout=120, cwd=work)
            if result.returncode != 0:
                fail(where, f"polydem mesh {word}: exit {result.returncode}")


def check_script(source, where, words):
    script = next((w for w in words if "/" in w or w.endswith((".sh", ".py"))), None)
    if script is None:
        return
    path = os.path.join(source, script)
    if not os.path.isfile(path):
        fail(where, f"{script} does not exist")
        return
    text = open(path, encoding="utf-8").read()
    for option in options_of(words[words.index(script) + 1:]):
        if option not in text:
            fail(where, f"{script} does not know {option}")


def cmake_names(source):
    names = set()
    for path in glob.glob(os.path.join(source, "**", "CMakeLists.txt"), recursive=True):
        names.update(re.findall(r"\b([A-Z][A-Z0-9_]+)\b", open(path, encoding="utf-8").read()))
    return names


def check_command(polydem, source, work, where, command):
    try:
        words = shlex.split(command)
    except ValueError as error:
        fail(where, f"cannot split {command!r}: {error}")
        return
    words = [w for w in words if not (w.startswith("[") or w.endswith("]"))] + \
        [o for w in words if w.startswith("[") for o in re.findall(r"--[a-z][a-z0-9-]*", w)]
    head = words[0]
    if head in ("mpirun", "mpiexec"):
        at = next((i for i, w in enumerate(words) if w.endswith("polydem")), None)
        if at is not None:  # (without polydem, a fragment of prose such as `mpirun -np N`)
            check_polydem(polydem, source, work, where, words[at + 1:])
    elif head.endswith("polydem"):
        check_polydem(polydem, source, work, where, words[1:])
    elif head in ("bash", "python3"):
        check_script(source, where, words[1:])
    elif head.startswith(("benchmarks/", "scripts/")):
        check_script(source, where, words)
    elif head == "cmake":
        known = cmake_names(source) | {"CMAKE_BUILD_TYPE"}
        for define in re.findall(r"-D([A-Z0-9_]+)=", command):
            if define not in known:
                fail(where, f"cmake has no option {define}")


def main():
    polydem, source, work = (os.path.abspath(p) for p in sys.argv[1:4])
    os.makedirs(work, exist_ok=True)
    documents = [os.path.join(source, "README.md")] + \
        sorted(glob.glob(os.path.join(source, "docs", "*.md")))
    known_options = set()
    for sub in SUBCOMMANDS:
        known_options.update(re.findall(r"--[a-z][a-z0-9-]*", help_text(polydem, [sub])[1]))
    try:  # the options the docs cite for mpirun itself
        known_options.update(re.findall(r"--[a-z][a-z0-9-]*", subprocess.run(
            ["mpirun", "--allow-run-as-root", "--help", "all"], capture_output=True, text=True,
            timeout=60).stdout))
    except OSError:
        pass
    scripts = glob.glob(os.path.join(source, "benchmarks", "*")) + \
        glob.glob(os.path.join(source, "scripts", "*"))
    script_text = "".join(open(p, encoding="utf-8", errors="replace").read()
                          for p in scripts if os.path.isfile(p))
    count = 0
    for document in documents:
        name = os.path.relpath(document, source)
        for line, text in command_lines(document):
            for command in clean(text).split("&&"):
                if command.strip():
                    check_command(polydem, source, work, f"{name}:{line}", command.strip())
                    count += 1
        for option in bare_options(document):
            if option not in known_options and option not in script_text:
                fail(name, f"{option} is no option of polydem or of its scripts")
    if count < 20:
        fail("docs", f"only {count} command lines found: the scan is broken")
    if failures:
        print("FAIL:\n" + "\n".join(failures))
        sys.exit(1)
    print(f"{count} command lines in {len(documents)} documents checked")


if __name__ == "__main__":
    main()
