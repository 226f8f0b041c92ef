#!/usr/bin/env python3
"""How long `pnpkit watch` takes from a saved edit to the rebuilt files, and to the preview.

Copies data/dougram into target/watch-bench/, starts `target/release/pnpkit watch --serve --port 0`
on it, then renames card 29 back and forth RUNS times (default 15), waiting for each rebuild. It
reads pnpkit's own lines: "built in N ms after the change" (from the first file event to the files
in place; it includes the 25 ms pnpkit waits for the folder to be quiet) and the preview's "shown N
ms after the change" (the page's pictures drawn and published), and prints the medians.

Usage: python3 benches/watch/run.py [RUNS]   (after `cargo build --release`)
"""
import pathlib
import re
import shutil
import statistics
import subprocess
import sys
import threading
import time
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parents[2]
OLD = "Founding of the Liberation People's Government"
NEW = "Proclamation of the Free Government"


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 15
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
    ready = threading.Condition()

    def read() -> None:
        for line in watch.stderr:
            with ready:
                lines.append(line.rstrip("\n"))
                ready.notify_all()

    threading.Thread(target=read, daemon=True).start()

    def wait_for(pattern: str, start: int) -> tuple[int, re.Match]:
        with ready:
            deadline = time.monotonic() + 60
            while True:
                for i in range(start, len(lines)):
                    found = re.search(pattern, lines[i])
                    if found:
                        return i + 1, found
                if not ready.wait(timeout=deadline - time.monotonic()):
                    sys.exit(f"pnpkit watch did not print {pattern!r}:\n" + "\n".join(lines[-30:]))

    try:
        at, serving = wait_for(r"serving the preview on (http://\S+)", 0)
        at, _ = wait_for(r"^watching ", at)
        url = serving.group(1)
        cards = work / "pack" / "cards.csv"
        text = cards.read_text(encoding="utf-8")
        built, shown = [], []
        for run in range(runs):
            before = urllib.request.urlopen(url + "_pnpkit/wait?after=0").read().decode()
            names = (OLD, NEW) if run % 2 == 0 else (NEW, OLD)
            text = text.replace(*names)
            cards.write_text(text, encoding="utf-8")
            at, done = wait_for(r"^built in (\d+) ms after the change", at)
            built.append(int(done.group(1)))
            # The preview is published once its pictures are drawn: wait for that build's page.
            now = urllib.request.urlopen(url + f"_pnpkit/wait?after={before}").read().decode()
            page = urllib.request.urlopen(url).read().decode()
            ms = re.search(r"(\d+) ms after the change\.</p>|(\d+)ミリ秒で表示", page)
            assert int(now) > int(before) and names[1] in page, "the page shows the new name"
            shown.append(int(next(g for g in ms.groups() if g)))
            time.sleep(0.3)
        print(f"{runs} edits of one card's name in data/dougram (pnpkit watch):")
        print(f"  save to files written:       median {statistics.median(built):.0f} ms (min {min(built)}, max {max(built)})")
        print(f"  save to preview published:   median {statistics.median(shown):.0f} ms (min {min(shown)}, max {max(shown)})")
    finally:
        watch.kill()


if __name__ == "__main__":
    main()
