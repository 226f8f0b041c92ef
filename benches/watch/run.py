#!/usr/bin/env python3
"""How long `pnpkit watch --serve` takes from a saved edit to the new card on screen, measured in
the browser.

Copies data/dougram into target/watch-bench/, starts `target/release/pnpkit watch --serve --port 0`
on it, opens the preview in Debian's headless chromium (benches/watch/browser.mjs) and renames
card 29 back and forth RUNS times (default 20), 0.4 s apart. Per edit it takes:
  - save to screen: from just before the file is written to the frame that shows the card's figure
    under its new name with its pictures loaded (watched frame by frame in the page);
  - the page's own figure: what its status line says ("on screen N ms after the change", timed by
    the page from the moment pnpkit saw the change);
  - save to files written: pnpkit's "built in N ms after the change" (every output file in place).
and prints the median and the 95th percentile of each.

Usage: python3 benches/watch/run.py [RUNS]   (after `cargo build --release` and
`npm install` in tests/browser)
"""
import json
import pathlib
import re
import shutil
import statistics
import subprocess
import sys
import threading
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
OLD = "Founding of the Liberation People's Government"
NEW = "Proclamation of the Free Government"


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    work = ROOT / "target" / "watch-bench"
    shutil.rmtree(work, ignore_errors=True)
    shutil.copytree(ROOT / "data" / "dougram", work / "pack")
    watch = subprocess.Popen(
        [ROOT / "target/release/pnpkit", "watch", work / "pack", "--out", work / "out", "--serve", "--port", "0"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    lines: list[str] = []
    serving = threading.Event()

    def read() -> None:
        for line in watch.stderr:
            lines.append(line.rstrip("\n"))
            if line.startswith("watching "):
                serving.set()

    threading.Thread(target=read, daemon=True).start()
    try:
        if not serving.wait(120):
            sys.exit("pnpkit watch did not start:\n" + "\n".join(lines[-30:]))
        url = next(re.search(r"(http://\S+)", l).group(1) for l in lines if l.startswith("serving the preview on "))
        browser = subprocess.run(
            ["node", ROOT / "benches/watch/browser.mjs", url, work / "pack" / "cards.csv", OLD, NEW, str(runs)],
            capture_output=True,
            text=True,
        )
        if browser.returncode != 0:
            sys.exit(browser.stderr + "\n" + "\n".join(lines[-30:]))
        samples = json.loads(browser.stdout)
        time.sleep(1)  # the last build's files
        built = [int(m.group(1)) for l in lines if (m := re.match(r"built in (\d+) ms after the change", l))][1:]
        print(f"{runs} edits of one card's name in data/dougram (pnpkit watch --serve, headless chromium):")
        for label, values in [
            ("save to screen (browser)", samples["screen"]),
            ("the page's own figure", samples["page"]),
            ("save to files written", built),
        ]:
            print(f"  {label:26} median {statistics.median(values):.0f} ms, p95 {p95(values):.0f} ms (min {min(values)}, max {max(values)})")
    finally:
        watch.kill()


if __name__ == "__main__":
    main()
