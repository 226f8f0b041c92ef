// Debian's headless chromium as every browser test starts it: no sandbox (tests run as root), no
// GPU, nothing that reaches the network by itself. `env` passes the caller's environment (e.g.
// FONTCONFIG_FILE) to the browser.
import { chromium } from "playwright-core";

export function launch() {
  return chromium.launch({
    executablePath: "/usr/bin/chromium",
    env: { ...process.env },
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
}
