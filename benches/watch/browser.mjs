// Save-to-screen of `pnpkit watch --serve` as a designer sees it, in Debian's headless chromium:
// the preview page is open; the card file is saved with one card's name changed; the time runs
// from just before the save to the frame that shows that card's figure under its new name with
// its pictures loaded (watched frame by frame in the page, on the same clock). Also reads the
// page's own figure (its "on screen N ms after the change"). Prints the samples as JSON.
// Usage: node browser.mjs URL FILE OLD NEW RUNS
import { readFileSync, writeFileSync } from "node:fs";
import { launch } from "../../tests/browser/launch.mjs";

const [url, file, oldName, newName, runs] = process.argv.slice(2);
const browser = await launch();
const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
// Watches the page, frame by frame, for the figure of the card named `name` with every picture
// in it loaded; notes the time of that frame (it is drawn as the callback returns).
const seen = (name) =>
  page.evaluate((name) => {
    window.__seen = 0;
    const tick = () => {
      const figure = [...document.querySelectorAll("figure")].find((f) => f.textContent.includes(name));
      const pictures = figure ? [...figure.querySelectorAll("img")] : [];
      if (pictures.length && pictures.every((i) => i.complete && i.naturalWidth > 0)) {
        window.__seen = performance.timeOrigin + performance.now();
      } else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }, name);

const state = () =>
  page.evaluate(() => ({
    build: Number(document.body?.dataset.build ?? 0),
    seen: window.__seen ?? 0,
    shown: document.querySelector("#shown")?.textContent ?? "",
  }));

// The page once it shows the card named `name` and has said when it showed it.
async function next(name) {
  const until = Date.now() + 30000;
  for (;;) {
    const now = await state();
    if (now.seen && now.shown) return now;
    if (Date.now() > until) throw new Error(`the page did not show ${name}: ${JSON.stringify(now)}`);
    await new Promise((done) => setTimeout(done, 10));
  }
}

await page.goto(url);
await page.waitForFunction((name) => document.body.textContent.includes(name), oldName, { timeout: 60000 });
let text = readFileSync(file, "utf8");
const samples = { screen: [], page: [] };
for (let run = 0; run < Number(runs); run++) {
  const [from, to] = run % 2 === 0 ? [oldName, newName] : [newName, oldName];
  text = text.replace(from, to);
  await new Promise((done) => setTimeout(done, 400)); // the machine at rest, as between a designer's saves
  await seen(to);
  const saved = performance.timeOrigin + performance.now();
  writeFileSync(file, text);
  const now = await next(to);
  samples.screen.push(Math.round(now.seen - saved));
  const own = now.shown.match(/(\d+)/);
  samples.page.push(own ? Number(own[1]) : null);
}
await browser.close();
console.log(JSON.stringify(samples));
