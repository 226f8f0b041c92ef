#!/usr/bin/env python3
"""The peer benchmark: pnpkit beside a hand-written ReportLab script on the same job.

    ~/.pyenv/versions/3.12.1/bin/python benches/peer/run.py [--runs 15] [--warmups 2]

converts the peer workload (../shared/bench/peer-workload, or $PEER_WORKLOAD) into a pnpkit pack
(benches/peer/convert.py) in target/peer-bench/, checks it, then times each task whole-process,
alternating `pnpkit build PACK --only <product>` with `reportlab_make.py <task>`: after the
warm-ups, `--runs` pairs; it reports the median of each and the ratio of the medians. Then 10×
the cards (pnpkit 1× and 10× alternated: time ratio and peak RSS), and data/dougram without and
with `--previews`. Results go to target/peer-bench/results.json and results.md (and stdout).

Needs: target/release/pnpkit (`cargo build --release`; or $PNPKIT), IPAex Gothic ($IPAEX_GOTHIC,
default the Debian fonts-ipaexfont-gothic path) and Python ≥ 3.8 with venv; ReportLab 5.1.0 is
installed by pip into target/peer-bench/rl-venv when missing. Exit status 2 when something it
needs is missing, 1 when the converted pack does not check clean or a build fails, 3 with
--require-targets when a target is missed.
"""

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import convert  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
RL_VERSION = "5.1.0"
DEFAULT_FONT = "/usr/share/fonts/opentype/ipaexfont-gothic/ipaexg.ttf"
# The targets: pnpkit's wall time as a fraction of ReportLab's.
TARGETS = {"cards-ja": 0.5, "counters": 0.5, "map": 0.3}


def fail(status, message):
    print(f"peer benchmark: {message}", file=sys.stderr)
    sys.exit(status)


def run_once(cmd):
    """Wall time (s) and peak RSS (KiB, the kernel's ru_maxrss, as `/usr/bin/time -v` reports
    it) of one whole process; its output is discarded. A failing command stops the benchmark."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    # Read stderr while waiting, or a chatty process (warnings) blocks on a full pipe.
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        fail(1, f"`{' '.join(map(str, cmd))}` exited with {proc.returncode}:\n"
                + err.decode("utf-8", "replace")[-2000:])
    return wall, usage.ru_maxrss


def alternate(commands, runs, warmups):
    """Runs the named commands in turn: `warmups` rounds untimed, then `runs` rounds timed.
    Returns {name: {"wall": [...], "rss_kib": [...]}}."""
    for _ in range(warmups):
        for cmd in commands.values():
            run_once(cmd)
    out = {name: {"wall": [], "rss_kib": []} for name in commands}
    for _ in range(runs):
        for name, cmd in commands.items():
            wall, rss = run_once(cmd)
            out[name]["wall"].append(round(wall, 4))
            out[name]["rss_kib"].append(rss)
    return out


def median(xs):
    return statistics.median(xs)


def reportlab_python(bench: Path):
    """The venv's python with ReportLab RL_VERSION, created (pip) when missing."""
    venv = bench / "rl-venv"
    py = venv / "bin" / "python"
    probe = [str(py), "-c", f"import reportlab,sys; sys.exit(reportlab.Version != {RL_VERSION!r})"]
    if py.exists() and subprocess.run(probe, capture_output=True).returncode == 0:
        return py
    print(f"creating {venv} with reportlab=={RL_VERSION} …", file=sys.stderr)
    made = subprocess.run([sys.executable, "-m", "venv", "--clear", str(venv)], capture_output=True, text=True)
    if made.returncode != 0:
        fail(2, f"cannot create the venv {venv}: {made.stderr.strip()}")
    pip = subprocess.run([str(py), "-m", "pip", "install", "-q", f"reportlab=={RL_VERSION}"],
                         capture_output=True, text=True)
    if pip.returncode != 0 or subprocess.run(probe, capture_output=True).returncode != 0:
        fail(2, f"reportlab=={RL_VERSION} is missing and pip could not install it "
                f"(`{py} -m pip install reportlab=={RL_VERSION}`):\n{pip.stderr.strip()[-1500:]}")
    return py


def write_checked_pack(pnpkit, workload, font, dest, times, one_sided):
    """Writes the pack (its cards one-sided, `[print] one_sided_cards = true`, as the peer prints
    them, unless `one_sided` is false) and checks it."""
    convert.write_pack(workload, font, dest, times=times, one_sided=one_sided)
    check = subprocess.run([pnpkit, "check", dest, "--format", "short"], capture_output=True, text=True)
    if check.returncode != 0:
        fail(1, f"the converted pack {dest} does not check clean:\n{check.stderr[-3000:]}")


def git_head():
    try:
        head = subprocess.run(["git", "-C", REPO, "rev-parse", "--short", "HEAD"],
                              capture_output=True, text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", REPO, "status", "--porcelain", "--", "src", "templates"],
                               capture_output=True, text=True).stdout.strip()
        return head + ("+dirty" if dirty else "")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def summary(results, name):
    r = results[name]
    return {"median_s": round(median(r["wall"]), 4), "peak_rss_mib": round(median(r["rss_kib"]) / 1024, 1),
            "runs_s": r["wall"]}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=15, help="timed runs of each command (default 15)")
    ap.add_argument("--warmups", type=int, default=2, help="untimed runs first (default 2)")
    ap.add_argument("--tasks", default="cards-ja,counters,map", help="peer tasks to time")
    ap.add_argument("--keep-card-backs", action="store_true",
                    help="do not write `[print] one_sided_cards = true` (cards get a back page per sheet)")
    ap.add_argument("--no-scale", action="store_true", help="skip the 10× cards run")
    ap.add_argument("--no-dougram", action="store_true", help="skip the data/dougram runs")
    ap.add_argument("--require-targets", action="store_true", help="exit 3 when a target is missed")
    args = ap.parse_args()

    workload = Path(os.environ.get("PEER_WORKLOAD", REPO.parent / "shared" / "bench" / "peer-workload"))
    if not (workload / "reportlab_make.py").is_file():
        fail(2, f"no peer workload at {workload} (set PEER_WORKLOAD to the folder holding reportlab_make.py)")
    font = Path(os.environ.get("IPAEX_GOTHIC", DEFAULT_FONT))
    if not font.is_file():
        fail(2, f"IPAex Gothic is missing at {font}: `apt-get install -y fonts-ipaexfont-gothic`, "
                "or set IPAEX_GOTHIC to the ipaexg.ttf file")
    pnpkit = Path(os.environ.get("PNPKIT", REPO / "target" / "release" / "pnpkit"))
    if not os.access(pnpkit, os.X_OK):
        fail(2, f"no pnpkit binary at {pnpkit}: run `cargo build --release` (or set PNPKIT)")
    tasks = [t for t in args.tasks.split(",") if t]
    for t in tasks:
        if t not in TARGETS:
            fail(2, f"unknown task `{t}`; the tasks are {', '.join(TARGETS)}")

    bench = REPO / "target" / "peer-bench"
    bench.mkdir(parents=True, exist_ok=True)
    rl = reportlab_python(bench)
    os.environ["IPAEX_GOTHIC"] = str(font)  # the peer script reads it
    pack1 = bench / "pack-1x"
    write_checked_pack(pnpkit, workload, font, pack1, 1, not args.keep_card_backs)
    pack10 = bench / "pack-10x"
    if not args.no_scale:
        write_checked_pack(pnpkit, workload, font, pack10, 10, not args.keep_card_backs)

    tmp = Path(tempfile.mkdtemp(prefix="peer-bench-"))
    make = workload / "reportlab_make.py"
    commands = {
        "cards-ja": ([pnpkit, "build", pack1, "--only", "cards", "--out", tmp / "pn-cards"],
                     [rl, make, "cards", workload / "cards_ja.csv", tmp / "rl-cards-ja.pdf"]),
        "counters": ([pnpkit, "build", pack1, "--only", "counters", "--out", tmp / "pn-counters"],
                     [rl, make, "counters", workload / "counters.csv", tmp / "rl-counters.pdf"]),
        # `--paper A3`: the published A3 page only, as the peer prints it (no A4 tiles).
        "map": ([pnpkit, "build", pack1, "--only", "map", "--paper", "A3", "--out", tmp / "pn-map"],
                [rl, make, "map", workload / "hexes.csv", workload / "terrain.csv", tmp / "rl-map.pdf"]),
    }
    report = {
        "pnpkit": git_head(),
        "reportlab": RL_VERSION,
        "python": platform.python_version(),
        "machine": f"{platform.system()} {platform.machine()}, {os.cpu_count()} cores",
        "runs": args.runs,
        "warmups": args.warmups,
        "one_sided_cards": not args.keep_card_backs,
        "tasks": {},
    }
    missed = []
    for task in tasks:
        pn, peer = commands[task]
        print(f"timing {task} …", file=sys.stderr)
        res = alternate({"pnpkit": pn, "reportlab": peer}, args.runs, args.warmups)
        p, r = summary(res, "pnpkit"), summary(res, "reportlab")
        ratio = round(p["median_s"] / r["median_s"], 3)
        met = ratio <= TARGETS[task]
        missed += [] if met else [task]
        report["tasks"][task] = {
            "pnpkit_command": " ".join(map(str, pn)).replace(str(tmp), "$TMP").replace(str(REPO) + "/", ""),
            "reportlab_command": " ".join(map(str, peer)).replace(str(tmp), "$TMP").replace(str(REPO) + "/", ""),
            "pnpkit": p, "reportlab": r, "ratio": ratio, "target": TARGETS[task], "met": met,
        }

    if not args.no_scale:
        print("timing 10× cards …", file=sys.stderr)
        one = [pnpkit, "build", pack1, "--only", "cards", "--out", tmp / "pn-cards-1x"]
        ten = [pnpkit, "build", pack10, "--only", "cards", "--out", tmp / "pn-cards-10x"]
        res = alternate({"1x": one, "10x": ten}, args.runs, args.warmups)
        a, b = summary(res, "1x"), summary(res, "10x")
        time_ratio = round(b["median_s"] / a["median_s"], 2)
        rss_ratio = round(b["peak_rss_mib"] / a["peak_rss_mib"], 2)
        report["scale"] = {"cards_1x": a, "cards_10x": b, "time_ratio": time_ratio, "time_target": 10,
                           "time_met": time_ratio <= 10, "rss_ratio": rss_ratio, "rss_target": 1.5,
                           "rss_met": rss_ratio <= 1.5}
        missed += [] if time_ratio <= 10 else ["10× time"]
        missed += [] if rss_ratio <= 1.5 else ["10× memory"]

    if not args.no_dougram:
        print("timing data/dougram …", file=sys.stderr)
        plain = [pnpkit, "build", REPO / "data" / "dougram", "--out", tmp / "dougram"]
        previews = plain[:-1] + [tmp / "dougram-previews", "--previews"]
        res = alternate({"plain": plain, "previews": previews}, args.runs, args.warmups)
        a, b = summary(res, "plain"), summary(res, "previews")
        ratio = round(b["median_s"] / a["median_s"], 2)
        report["dougram"] = {"without_previews": a, "with_previews": b, "ratio": ratio,
                             "target_s": 0.3, "met_s": a["median_s"] <= 0.3,
                             "ratio_target": 1.5, "ratio_met": ratio <= 1.5}
        missed += [] if a["median_s"] <= 0.3 else ["dougram ≤ 0.3 s"]
        missed += [] if ratio <= 1.5 else ["dougram previews ≤ 1.5×"]
    report["missed"] = missed

    md = markdown(report)
    (bench / "results.json").write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    (bench / "results.md").write_text(md, encoding="utf-8")
    print(md)
    print(f"wrote {bench / 'results.json'} and {bench / 'results.md'}", file=sys.stderr)
    subprocess.run(["rm", "-rf", "--", str(tmp)])
    if args.require_targets and missed:
        sys.exit(3)


def markdown(rep):
    yes = {True: "met", False: "**missed**"}
    out = [f"pnpkit {rep['pnpkit']}, ReportLab {rep['reportlab']}, {rep['machine']}; medians of "
           f"{rep['runs']} alternated runs after {rep['warmups']} warm-up rounds, whole process; "
           f"`[print] one_sided_cards`: {str(rep['one_sided_cards']).lower()}.", ""]
    if rep["tasks"]:
        out += ["| task | pnpkit | ReportLab | ratio | target |", "| --- | --- | --- | --- | --- |"]
        for task, t in rep["tasks"].items():
            out.append(f"| {task} | {t['pnpkit']['median_s'] * 1000:.0f} ms | {t['reportlab']['median_s'] * 1000:.0f} ms "
                       f"| {t['ratio']:.2f}× | ≤ {t['target']}×: {yes[t['met']]} |")
        out.append("")
    if "scale" in rep:
        s = rep["scale"]
        out += ["| pnpkit cards | 1× (99) | 10× (990) | 10× / 1× | target |", "| --- | --- | --- | --- | --- |",
                f"| wall time | {s['cards_1x']['median_s'] * 1000:.0f} ms | {s['cards_10x']['median_s'] * 1000:.0f} ms "
                f"| {s['time_ratio']:.2f}× | ≤ 10×: {yes[s['time_met']]} |",
                f"| peak RSS | {s['cards_1x']['peak_rss_mib']:.1f} MiB | {s['cards_10x']['peak_rss_mib']:.1f} MiB "
                f"| {s['rss_ratio']:.2f}× | ≤ 1.5×: {yes[s['rss_met']]} |", ""]
    if "dougram" in rep:
        d = rep["dougram"]
        out += ["| data/dougram | without previews | with `--previews` | ratio | targets |",
                "| --- | --- | --- | --- | --- |",
                f"| wall time | {d['without_previews']['median_s'] * 1000:.0f} ms | {d['with_previews']['median_s'] * 1000:.0f} ms "
                f"| {d['ratio']:.2f}× | ≤ 0.3 s: {yes[d['met_s']]}; ≤ 1.5×: {yes[d['ratio_met']]} |", ""]
    return "\n".join(out)


if __name__ == "__main__":
    main()
