#!/usr/bin/env python3
"""Size limits of the library's source: no file over 600 lines and no function
body over 60 lines (from the line of its opening brace to that of its closing one).

usage: check_limits.py ROOT [--max-file-lines N] [--max-function-lines N]

Functions are found by matching braces after comments, strings and character
literals are blanked: a brace at namespace or class scope whose header (the
text since the previous `;`, `{` or `}`) has a parameter list is a function
body; class, struct, union, enum and namespace bodies are scopes; anything
else there (an initialiser) is skipped whole. Lambdas and local classes count
towards the function around them.

Exit 0 when within the limits, 1 with one line per excess.
"""
import argparse
import os
import re
import sys

FOLDERS = ["src", "elements", "contact", "solvers"]
SCOPE = re.compile(r"\b(namespace|class|struct|union|enum)\b")
CONTROL = re.compile(r"^\s*(if|for|while|switch|catch|do|else)\b")


def blank(text):
    """Comments, strings and character literals replaced by spaces, newlines kept."""
    pattern = re.compile(r'//[^\n]*|/\*.*?\*/|R"([^(]*)\(.*?\)\1"|"(?:\\.|[^"\\\n])*"|'
                         r"'(?:\\.|[^'\\\n])*'", re.DOTALL)
    return pattern.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)


def preprocessor_blanked(text):
    return re.sub(r"^[ \t]*#[^\n]*(\\\n[^\n]*)*", lambda m: re.sub(r"[^\n]", " ", m.group(0)),
                  text, flags=re.MULTILINE)


def function_bodies(text):
    """(first line, last line, header) of every function body at namespace or class scope."""
    code = preprocessor_blanked(blank(text))
    bodies = []
    stack = []  # per open brace: 'scope', 'function' or 'other'
    header_start = 0
    k = 0
    while k < len(code):
        c = code[k]
        if c in ";":
            if not any(kind[0] != "scope" for kind in stack):
                header_start = k + 1
        elif c == "{":
            inside_function = any(kind[0] != "scope" for kind in stack)
            header = code[header_start:k]
            if inside_function:
                stack.append(("other", k))
            elif SCOPE.search(header) and "(" not in header:
                stack.append(("scope", k))
            elif ")" in header and not CONTROL.match(header) and not header.rstrip().endswith("="):
                stack.append(("function", k, header))
            else:
                stack.append(("other", k))
            if stack[-1][0] == "scope":
                header_start = k + 1
        elif c == "}":
            if stack:
                entry = stack.pop()
                if entry[0] == "function":
                    first = code.count("\n", 0, entry[1]) + 1
                    last = code.count("\n", 0, k) + 1
                    bodies.append((first, last, " ".join(entry[2].split())))
            if not any(kind[0] != "scope" for kind in stack):
                header_start = k + 1
        k += 1
    return bodies


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("root")
    parser.add_argument("--max-file-lines", type=int, default=600)
    parser.add_argument("--max-function-lines", type=int, default=60)
    args = parser.parse_args()
    excesses = []
    for folder in FOLDERS:
        for directory, _, files in os.walk(os.path.join(args.root, folder)):
            for name in sorted(files):
                if not name.endswith((".hpp", ".cpp")):
                    continue
                path = os.path.join(directory, name)
                relative = os.path.relpath(path, args.root)
                with open(path, encoding="utf-8") as f:
                    text = f.read()
                lines = text.count("\n")
                if lines > args.max_file_lines:
                    excesses.append(f"{relative}: {lines} lines (at most {args.max_file_lines})")
                for first, last, header in function_bodies(text):
                    length = last - first + 1
                    if length > args.max_function_lines:
                        excesses.append(f"{relative}:{first}: a function of {length} lines "
                                        f"(at most {args.max_function_lines}): {header[-90:]}")
    for line in sorted(excesses):
        print(line)
    if excesses:
        print(f"{len(excesses)} excesses")
        return 1
    print("every file and function within the limits")
    return 0


if __name__ == "__main__":
    sys.exit(main())
