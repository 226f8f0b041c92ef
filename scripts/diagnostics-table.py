#!/usr/bin/env python3
# Regenerates docs/diagnostics.md from src/diag/codes.rs, scripts/diagnostic-fixes.txt and the
# first example of each code in tests/broken/*/expect.txt. Run from the repository root.
import re, glob
codes = re.findall(r'(\w+) = "([EW]\d{4})", "([^"]+)";', open('src/diag/codes.rs').read())
fixes = dict(line.split(' ', 1) for line in open('scripts/diagnostic-fixes.txt').read().strip().splitlines())
examples = {}
for f in sorted(glob.glob('tests/broken/*/expect.txt')):
    case = f.split('/')[2]
    for line in open(f):
        m = re.search(r'(?:error|warning)\[([EW]\d{4})\]', line)
        if m and m.group(1) not in examples:
            examples[m.group(1)] = (case, line.strip())
bar = '\\|'
out = ["# Diagnostics", "",
"Every problem pnpkit finds is a diagnostic with a stable code, printed as",
"`file:line:column: error[CODE]: message` (columns count characters, so Japanese lines read right),",
"followed by the source line with a caret and `help:` lines. Warnings print on one line. `--format",
"short` prints only the first line and the help lines; `--format json` prints an array of objects",
"with `severity`, `code`, `message`, `file`, `line`, `column`, `hints` and `related`. Errors make",
"`check` and `build` exit with status 1; warnings do not (W0001 does under `--strict`).", "",
"Codes go by stage: E01xx loading, E02xx references, E03xx setups, E04xx declared totals and",
"compositions, E05xx map, E06xx cards, E07xx rules, W00xx warnings. Every error code has a broken",
"pack under `tests/broken/` that triggers it (the example column names it); a test keeps it so.", "",
"| code | when | how to fix | example (tests/broken/…) |", "| --- | --- | --- | --- |"]
for name, code, summary in codes:
    ex = examples.get(code)
    exs = ""
    if ex:
        exs = "`" + ex[0] + "`: " + ex[1].split(': ', 1)[1].replace('|', bar)
    out.append("| " + code + " | " + summary + " | " + fixes[code] + " | " + exs + " |")
open('docs/diagnostics.md', 'w').write("\n".join(out) + "\n")
