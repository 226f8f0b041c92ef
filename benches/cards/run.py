#!/usr/bin/env python3
"""The card-game scale benchmark: a synthetic card game of 200 and of 2,000 cards (markup, icons,
long texts, typed fields, 1-3 copies; written by `examples/card-game-pack.rs`), built whole and
product by product, whole-process, the two sizes alternated.

    python3 benches/cards/run.py [--runs 3] [--products default,cards,card-list,vassal,tts,reference]

Reports, per product, the median wall time and peak RSS (the kernel's ru_maxrss) of each size,
how many cards use each fallback layout (W0806: long-text, two-column, condensed, text-only) and how many texts fit no layout, overlap or lack
a glyph (W0801, W0804, E0803), and the ratios 2,000 / 200 against the issue's targets: 10x the cards within 10x the time and 1.5x
the peak memory per product, and the default build of 2,000 cards within 300 MB. Results go to
target/card-bench/results.json (and stdout). Needs target/release/pnpkit (`cargo build
--release`, or $PNPKIT); the packs are written by `cargo run --release --example card-game-pack`.
Exit status 1 when a build fails, 3 with --require-targets when a target is missed.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
WORK = REPO / "target" / "card-bench"
SIZES = (200, 2000)
# The targets, 2,000 cards against 200.
TIME_RATIO, RSS_RATIO, DEFAULT_RSS_MB = 10.0, 1.5, 300.0


def run_once(cmd):
    """Wall time (s), peak RSS (KiB) and the diagnostics (`--format json`, alone on stdout) of one
    whole process; a failing command stops the bench."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd + ["--format", "json"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    out = proc.stdout.read()  # read while waiting: warnings would fill the pipe
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"card benchmark: `{' '.join(map(str, cmd))}` failed:\n"
                 + out.decode("utf-8", "replace")[-2000:])
    return wall, usage.ru_maxrss, json.loads(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--products", default="default,cards,card-list,vassal,tts,reference")
    parser.add_argument("--require-targets", action="store_true")
    args = parser.parse_args()
    pnpkit = os.environ.get("PNPKIT", str(REPO / "target" / "release" / "pnpkit"))
    WORK.mkdir(parents=True, exist_ok=True)
    packs = {}
    for n in SIZES:
        packs[n] = WORK / f"pack-{n}"
        subprocess.run(["cargo", "run", "--release", "--quiet", "--example", "card-game-pack", "--",
                        str(packs[n]), str(n)], cwd=REPO, check=True, stdout=subprocess.DEVNULL)
    results, missed = {}, []
    for product in args.products.split(","):
        only = [] if product == "default" else ["--only", product]
        runs = {n: [] for n in SIZES}
        for _ in range(args.runs):
            for n in SIZES:  # alternated, so a busy moment weighs on both sizes
                cmd = [pnpkit, "build", str(packs[n]), "--out", str(WORK / f"out-{product}-{n}")] + only
                runs[n].append(run_once(cmd))
        row = {}
        for n in SIZES:
            row[n] = {"median_s": round(statistics.median(w for w, _, _ in runs[n]), 2),
                      "peak_rss_mb": round(statistics.median(r for _, r, _ in runs[n]) / 1024, 1)}
            # The cards on each fallback layout (W0806: long-text, two-column, condensed, text-only), texts
            # that fit no layout (W0801), overlapping and missing-glyph findings (W0804, E0803),
            # from the last run.
            diags = runs[n][-1][2]
            counts = {code: sum(d["code"] == code for d in diags) for code in ("W0806", "W0801", "W0804", "E0803")}
            for layout in ("long-text", "two-column", "condensed", "text-only"):
                counts[layout] = sum(f"uses the {layout} layout" in d["message"] for d in diags)
            row[n]["diagnostics"] = counts
        time_ratio = round(row[2000]["median_s"] / row[200]["median_s"], 2)
        rss_ratio = round(row[2000]["peak_rss_mb"] / row[200]["peak_rss_mb"], 2)
        row["time_ratio"], row["rss_ratio"] = time_ratio, rss_ratio
        met = time_ratio <= TIME_RATIO and (rss_ratio <= RSS_RATIO or product == "default")
        if product == "default":
            met = met and row[2000]["peak_rss_mb"] <= DEFAULT_RSS_MB
        if not met:
            missed.append(product)
        results[product] = row
        print(f"{product:<10} 200: {row[200]['median_s']:>6} s {row[200]['peak_rss_mb']:>6} MB   "
              f"2000: {row[2000]['median_s']:>6} s {row[2000]['peak_rss_mb']:>6} MB   "
              f"time x{time_ratio}  memory x{rss_ratio}  {'ok' if met else 'MISSED'}  "
              f"2000 cards: {row[2000]['diagnostics']}", flush=True)
    (WORK / "results.json").write_text(json.dumps({"runs": args.runs, "results": results}, indent=2) + "\n")
    if missed and args.require_targets:
        sys.exit(3)


if __name__ == "__main__":
    main()
