// The search of pnpkit's rules reference: the same rules as `pnpkit rules search`
// (src/reference/search.rs). Text is NFKC-normalized, lower-cased and kana-folded; Japanese runs
// match by bigrams confirmed by substring, Latin words by prefix; numbers, #cards and exact term
// names jump straight to their entry. No fetch, no modules: it runs from file://.
"use strict";
const KINDS = ["term", "clause", "card", "unit", "place"];

function normalize(text) {
  return text.normalize("NFKC").toLowerCase().replace(/[\u30a1-\u30f6]/g, c => String.fromCharCode(c.charCodeAt(0) - 0x60));
}

function isJapanese(c) {
  return c.charCodeAt(0) > 127 && /[\p{L}\p{N}]/u.test(c);
}

function pieces(query) {
  const runs = [], words = [];
  let run = "", word = "";
  for (const c of query) {
    if (isJapanese(c)) run += c; else if (run) { runs.push(run); run = ""; }
    if (/[a-z0-9]/.test(c)) word += c; else if (word) { words.push(word); word = ""; }
  }
  if (run) runs.push(run);
  if (word) words.push(word);
  return [runs, words];
}

function bigrams(run) {
  const chars = Array.from(run);
  if (chars.length < 2) return [run];
  const out = [];
  for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i] + chars[i + 1]);
  return out;
}

function count(text, sub) {
  let n = 0, at = text.indexOf(sub);
  while (at >= 0) { n++; at = text.indexOf(sub, at + sub.length); }
  return n;
}

function search(docs, query, limit) {
  const q = normalize(query.trim());
  if (!q) return [];
  const hit = (d, score) => ({ kind: d.kind, id: d.id, title: d.title, score });
  const key = q.startsWith("#") ? q.slice(1) : q;
  const direct = docs.filter(d => d.keys.includes(key) && (d.kind !== "card" || q.startsWith("#") || !/^[0-9]+$/.test(key))).map(d => hit(d, 1000));
  if (direct.length && (q.startsWith("#") || key.includes(".") || direct.some(h => h.kind === "term"))) return direct.slice(0, limit);
  const [runs, words] = pieces(q);
  let hits = [];
  for (const d of docs) {
    let score = 0, ok = true;
    for (const run of runs) {
      if (!bigrams(run).every(b => d.text.includes(b)) || !d.text.includes(run)) { ok = false; break; }
      score += 10 * Array.from(run).length + 3 * count(d.text, run);
    }
    if (!ok) continue;
    const docWords = d.text.split(/[^a-z0-9]+/).filter(w => w);
    for (const word of words) {
      const prefix = docWords.filter(w => w.startsWith(word)).length;
      if (prefix === 0) { ok = false; break; }
      score += 8 + Math.min(prefix, 5);
    }
    if (!ok) continue;
    if (normalize(d.title).includes(q)) score += 40;
    hits.push(hit(d, score));
  }
  for (const h of direct) {
    const existing = hits.find(x => x.id === h.id);
    if (existing) existing.score += h.score; else hits.push(h);
  }
  const best = {};
  for (const h of hits) best[h.kind] = Math.max(best[h.kind] || 0, h.score);
  const cmp = (a, b) => a < b ? -1 : a > b ? 1 : 0;
  hits.sort((a, b) => (best[b.kind] - best[a.kind]) || (KINDS.indexOf(a.kind) - KINDS.indexOf(b.kind)) || (b.score - a.score) || cmp(a.id, b.id));
  return hits.slice(0, limit);
}

// Writes `title` into `el` with each occurrence of the query's words marked.
function mark(el, title, query) {
  const words = query.split(/\s+/).filter(w => w && !w.startsWith("#"));
  const lower = title.toLowerCase();
  const spans = [];
  for (const w of words) {
    let at = lower.indexOf(w.toLowerCase());
    while (at >= 0) { spans.push([at, at + w.length]); at = lower.indexOf(w.toLowerCase(), at + w.length); }
  }
  spans.sort((a, b) => a[0] - b[0]);
  let pos = 0;
  for (const [from, to] of spans) {
    if (from < pos) continue;
    el.appendChild(document.createTextNode(title.slice(pos, from)));
    const m = document.createElement("mark");
    m.textContent = title.slice(from, to);
    el.appendChild(m);
    pos = to;
  }
  el.appendChild(document.createTextNode(title.slice(pos)));
}

function show(query) {
  const list = document.getElementById("results");
  const hits = search(INDEX.docs, query, 30);
  list.innerHTML = "";
  let group = null;
  for (const h of hits) {
    if (h.kind !== group) {
      group = h.kind;
      const li = document.createElement("li");
      li.className = "group";
      li.textContent = group;
      list.appendChild(li);
    }
    const li = document.createElement("li");
    li.className = "hit";
    li.dataset.id = h.id;
    const a = document.createElement("a");
    a.href = "#" + h.id;
    mark(a, h.title, query.trim());
    li.appendChild(a);
    list.appendChild(li);
  }
  list.dataset.query = query;
}

window.addEventListener("DOMContentLoaded", () => {
  const box = document.getElementById("search");
  box.addEventListener("input", () => show(box.value));
  const m = location.hash.match(/^#q=(.*)$/);
  if (m) { box.value = decodeURIComponent(m[1]); show(box.value); }
});
