// The preview page of `pnpkit watch --serve`, as a designer uses it: open it, then for each step
// write a pack file and wait until the page shows the build it started, settled (files written
// or the build stopped); report what the page shows after each (captions, status, diagnostics,
// whether its pictures loaded, whether it was brought up to date in place or reloaded).
// Usage: node watch.mjs URL STEPS.json, STEPS being [{ "path": ..., "content": ... }, ...].
import { readFileSync, writeFileSync } from "node:fs";
import { launch } from "./launch.mjs";

const [url, stepsFile] = process.argv.slice(2);
const steps = JSON.parse(readFileSync(stepsFile, "utf8"));
const browser = await launch();
const page = await browser.newPage();
const errors = [];
page.on("pageerror", (e) => errors.push(String(e)));

const shown = () =>
  page.evaluate(() => ({
    ready: document.readyState,
    build: Number(document.body.dataset.build),
    settled: document.body.dataset.settled === "true",
    inPlace: window.__opened === true,
    shown: document.querySelector("#shown")?.textContent ?? "",
    failed: document.querySelector("header").classList.contains("failed"),
    status: document.querySelector("#status").textContent,
    diagnostics: document.querySelector("#diagnostics")?.textContent ?? "",
    unfolded: [...document.querySelectorAll("#diagnostics details[open]")].map((d) => d.textContent).join("\n"),
    captions: [...document.querySelectorAll("figcaption")].map((f) => f.textContent),
    pictures: [...document.querySelectorAll("figure img")].length,
    broken: [...document.querySelectorAll("figure img")].filter((i) => !i.complete || i.naturalWidth === 0).length,
    sheets: [...document.querySelectorAll(".pages img")].length,
  }));

// The state once the page shows a build after `after`, wholly parsed, and its pictures have loaded
// (the page reloads itself meanwhile, so a look may fail while it navigates, or see a page whose
// header is parsed and its pieces not yet: on a loaded machine that window is long).
async function after(build, timeout) {
  const until = Date.now() + timeout;
  let last = "nothing";
  while (Date.now() < until) {
    try {
      const now = await shown();
      if (now.build > build && now.settled && now.ready === "complete" && now.broken === 0) return now;
      last = JSON.stringify({ ...now, diagnostics: now.diagnostics.length });
    } catch (e) {
      last = String(e); // navigating
    }
    await new Promise((done) => setTimeout(done, 20));
  }
  throw new Error(`no build after ${build} within ${timeout} ms; the page showed ${last}`);
}

// The first page may be the one shown while the first build runs, which reloads itself when it is
// done: waiting for its `load` would wait for a page that is gone.
await page.goto(url, { waitUntil: "commit" });
let now = await after(1, 60000);
// Marks this page: a page brought up to date in place keeps the mark, a reloaded one loses it.
await page.evaluate(() => (window.__opened = true));
const results = [{ ...now, ms: 0 }];
for (const step of steps) {
  const started = Date.now();
  writeFileSync(step.path, step.content);
  now = await after(now.build, 30000);
  results.push({ ...now, ms: Date.now() - started });
}
await browser.close();
console.log(JSON.stringify({ results, errors }));
