// The ranked search of pnpkit's rules reference, rule for rule the one of `pnpkit rules search`
// (src/reference/tokens.rs and src/reference/search.rs): the same tokens, the same integer
// weights from INDEX.postings, the same arithmetic in the same order, so the same scores. Needs stem() of stem.js (Snowball English).
// No fetch, no modules: it runs from file://.
"use strict";
const KINDS = ["clause", "card", "unit", "place", "term"];
const JUMP = 1e12, NAME = 1e9, MAX_UNITS = 64, SNIPPET = 180, OPTIONAL = 0.5;
const LETTER = /[\p{Alphabetic}\p{N}]/u;

function normalize(text) {
  return text.normalize("NFKC").toLowerCase().replace(/[\u30a1-\u30f6]/g, c => String.fromCharCode(c.charCodeAt(0) - 0x60));
}

function isJapanese(c) {
  return c.codePointAt(0) > 127 && LETTER.test(c);
}

function isLatin(c) {
  return /^[a-zA-Z0-9]$/.test(c);
}

// The Latin words and Japanese runs of normalized text, with their code-point offsets.
function pieces(text) {
  const out = [];
  let cur = null;
  Array.from(text).forEach((c, i) => {
    const kind = isLatin(c) ? false : isJapanese(c) ? true : null;
    if (cur && kind === cur.japanese) { cur.text += c; return; }
    if (cur) out.push(cur);
    cur = kind === null ? null : { text: c, japanese: kind, start: i };
  });
  if (cur) out.push(cur);
  return out;
}

function bigrams(run) {
  const chars = Array.from(run);
  if (chars.length < 2) return [run];
  const out = [];
  for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i] + chars[i + 1]);
  return out;
}

// As tokens.rs: an irregular form (`won`) has the token of its word (`win`), from the index.
function tokenOf(index, word) {
  if (/[0-9]/.test(word)) return word;
  return stem(has(index.irregular, word) ? index.irregular[word] : word);
}

function compactName(text) {
  return Array.from(normalize(text)).filter(c => LETTER.test(c)).join("");
}

// Optimal string alignment distance (a swap of neighbours counts one), or limit + 1 past it.
function typoDistance(a, b, limit) {
  const x = Array.from(a), y = Array.from(b);
  if (Math.abs(x.length - y.length) > limit) return limit + 1;
  const rows = [];
  for (let i = 0; i <= x.length; i++) rows.push(Array.from({ length: y.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) {
      let d = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + (x[i - 1] === y[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) d = Math.min(d, rows[i - 2][j - 2] + 1);
      rows[i][j] = d;
    }
  }
  return rows[x.length][y.length];
}

function has(map, key) {
  return Object.prototype.hasOwnProperty.call(map, key);
}

// A Latin word's expansions: its stem (×4) and the longer words it begins (×2), or, when its
// stem is in no document, the words one typo away (×3).
function expand(index, word) {
  const own = tokenOf(index, word);
  if (/[0-9]/.test(word)) return [[own, 4]];
  const exact = has(index.postings, own);
  const len = Array.from(word).length;
  const found = new Map();
  if (exact) found.set(own, 4);
  for (const surface in index.words) {
    const typo = !exact && len >= 5 && Math.abs(surface.length - word.length) <= 1 && typoDistance(word, surface, 1) === 1;
    const m = typo ? 3 : len >= 3 && surface.length > word.length && surface.startsWith(word) ? 2 : 0;
    if (!m) continue;
    const token = index.words[surface];
    found.set(token, Math.max(found.get(token) || 0, m));
  }
  return Array.from(found);
}

// The units of a normalized query: each Latin word (stop words dropped when others remain) and
// each bigram of a Japanese run; a one-letter run finds itself and every bigram holding it.
// As search.rs: a query bigram of two kanji or katakana weighs 1, of one such and one hiragana
// 0.5, of two hiragana (particles, verb endings) 0.1; a run's weights are shared out.
const STEM = 1, MIXED = 0.5, HIRAGANA = 0.1;
const ASKED = [
  ["how many", ["most", "limit", "maximum", "number", "more"]],
  ["how much", ["most", "limit", "maximum", "cost", "more"]],
  ["how far", ["range", "distance", "within", "away"]],
  ["same", ["equal", "tie"]],
  ["enough", ["requirement", "minimum", "short", "least"]],
  ["get", ["gain", "earn", "receive"]],
];
// As search.rs's ASKED_JA: found anywhere in a query's Japanese.
const ASKED_JA = [["もう", ["すでに", "済み"]]];

// Normalized query, letter by letter, and whether each letter came from a non-hiragana one.
function stemMarked(query) {
  let text = "";
  const stem = [];
  for (const c of Array.from(query)) {
    const n = normalize(c);
    const hiragana = c >= "\u3040" && c <= "\u309f";
    for (const _ of Array.from(n)) stem.push(!hiragana);
    text += n;
  }
  return { text, stem };
}

function letterUnit(index, c) {
  return { tokens: [[c, 4]].concat(bigramsHolding(index, c).map(t => [t, 1])), weight: 1, of: 1 };
}

function units(index, marked) {
  const all = pieces(marked.text);
  const content = all.filter(p => p.japanese || !index.stop.includes(p.text));
  const out = [];
  for (const p of content.length ? content : all) {
    if (!p.japanese) { out.push({ tokens: expand(index, p.text), weight: 1, of: 1 }); continue; }
    const grams = bigrams(p.text);
    if (grams.length === 1 && Array.from(grams[0]).length === 1) { out.push(letterUnit(index, grams[0])); continue; }
    const stems = [];
    for (let k = 0; k <= grams.length; k++) stems.push(marked.stem[p.start + k] || false);
    const weights = grams.map((_, k) => stems[k] && stems[k + 1] ? STEM : !stems[k] && !stems[k + 1] ? HIRAGANA : MIXED);
    let of = 0;
    for (const w of weights) of += w;
    grams.forEach((g, k) => out.push({ tokens: [[g, 4]], weight: weights[k], of }));
    const letters = Array.from(p.text);
    for (let k = 0; k < letters.length; k++) {
      const alone = stems[k] && !(k > 0 && stems[k - 1]) && !(stems[k + 1] || false);
      const asked = k > 0 && letters[k - 1] === "何" && stems[k];
      if (alone || asked) out.push(Object.assign(letterUnit(index, letters[k]), { weight: alone ? 1 : 0.5 }));
    }
  }
  // As search.rs: what a question word asks for, in the words that answer it.
  const words = " " + all.filter(p => !p.japanese).map(p => p.text).join(" ") + " ";
  for (const [asked, answer] of ASKED) {
    if (words.includes(" " + asked + " ")) answerUnit(index, answer.map(stem), out);
  }
  const japanese = all.filter(p => p.japanese).map(p => p.text).join("");
  for (const [asked, answer] of ASKED_JA) {
    if (japanese.includes(asked)) answerUnit(index, answer.flatMap(w => bigrams(w)), out);
  }
  return out.slice(0, MAX_UNITS);
}

// As search.rs's answer_unit: the half-weight unit of the words that answer a question word
// (`tokens`, those the index has), added to `out` when the index has any of them.
function answerUnit(index, tokens, out) {
  const held = tokens.filter(t => has(index.postings, t)).map(t => [t, 2]);
  if (held.length) out.push({ tokens: held, weight: 0.5, of: 1 });
}

// The bigram tokens holding a letter, from a table of every letter's bigrams made once.
let holding = null;
function bigramsHolding(index, c) {
  if (!holding) {
    holding = new Map();
    for (const t in index.postings) {
      const chars = Array.from(t);
      if (chars.length !== 2) continue;
      for (const x of new Set(chars)) {
        if (!holding.has(x)) holding.set(x, []);
        holding.get(x).push(t);
      }
    }
  }
  return holding.get(c) || [];
}

// As search.rs's clause_numbers: `13.4`, `702.19b`, `a.4` (an appendix, A.4, in the lower-cased query).
const RULE_NUMBER = /^(?:[0-9]+[a-z]{0,3}|[a-z]{1,3})(?:\.[0-9]+[a-z]{0,3})+$/;
function clauseNumbers(q) {
  return q.split(/[^0-9A-Za-z.]/).map(r => r.replace(/^\.+|\.+$/g, ""))
    .filter(r => r.includes(".") && /[0-9]/.test(r) && RULE_NUMBER.test(r));
}

function cardNumbers(q) {
  const chars = Array.from(q), out = [];
  for (const marker of ["#", "card", "かーど"]) {
    const m = Array.from(marker);
    for (let start = 0; start < chars.length; start++) {
      if (!m.every((c, k) => chars[start + k] === c)) continue;
      if (marker === "card" && start > 0 && isLatin(chars[start - 1])) continue;
      let i = start + m.length;
      while (i < chars.length && (chars[i] === " " || chars[i] === "#")) i++;
      let digits = "";
      while (i + digits.length < chars.length && /[0-9]/.test(chars[i + digits.length])) digits += chars[i + digits.length];
      const after = chars[i + digits.length];
      if (digits && !(after !== undefined && (isLatin(after) || after === "."))) out.push(digits.replace(/^0+/, ""));
    }
  }
  return out;
}

// Bonuses for a clause number, a card number and a whole query naming a document.
function jumps(index, q) {
  const numbers = clauseNumbers(q), cards = cardNumbers(q), name = compactName(q), out = [];
  index.docs.forEach((d, i) => {
    const printed = d.kind === "clause" && numbers.some(n => has(index.printed, n) && index.printed[n] === i);
    if ((d.kind === "clause" && (numbers.includes(d.number.toLowerCase()) || printed)) || (d.kind === "card" && cards.includes(d.number))) out.push([i, JUMP]);
    if (name && d.names.includes(name)) {
      if (d.defined_by !== undefined) out.push([d.defined_by, NAME], [i, NAME / 2]);
      else out.push([i, d.kind === "term" ? 2 * NAME : NAME]);
    }
  });
  return out;
}

// Every document matching `query` with its score, best first, and the query's units.
function rank(index, query) {
  const q = normalize(query.trim());
  if (!q) return { ranked: [], units: [] };
  const us = units(index, stemMarked(query.trim()));
  // Per document: its units' scores and the words it matched, a unit of a word of n units
  // counting 1/n, added in the CLI's order so both get the same numbers.
  const scores = new Map();
  for (const unit of us) {
    const best = new Map();
    for (const [token, m] of unit.tokens) {
      const list = index.postings[token];
      if (!list || !has(index.postings, token)) continue;
      for (let k = 0; k < list.length; k += 2) best.set(list[k], Math.max(best.get(list[k]) || 0, m * list[k + 1]));
    }
    for (const [doc, s] of best) {
      const e = scores.get(doc) || [0, 0];
      scores.set(doc, [e[0] + s * unit.weight / unit.of, e[1] + unit.weight / unit.of]);
    }
  }
  const total = new Map();
  for (const [doc, [raw, n]] of scores) total.set(doc, index.docs[doc].optional ? raw * n * OPTIONAL : raw * n);
  for (const [doc, bonus] of jumps(index, q)) total.set(doc, (total.get(doc) || 0) + bonus);
  const ranked = Array.from(total).filter(([, s]) => s > 0);
  const kind = doc => KINDS.indexOf(index.docs[doc].kind);
  ranked.sort((a, b) => (b[1] - a[1]) || (kind(a[0]) - kind(b[0])) || (a[0] - b[0]));
  return { ranked, units: us };
}

function weight(index, token, doc) {
  const list = index.postings[token];
  if (!list || !has(index.postings, token)) return 0;
  let low = 0, high = list.length / 2;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (list[2 * mid] < doc) low = mid + 1;
    else if (list[2 * mid] > doc) high = mid;
    else return list[2 * mid + 1];
  }
  return 0;
}

// The code-point ranges of `text` whose tokens are in `matched`, merged.
function marked(index, text, matched) {
  const norm = [], origin = [];
  Array.from(text).forEach((c, i) => {
    for (const n of normalize(c)) { norm.push(n); origin.push(i); }
  });
  const ranges = [];
  for (const p of pieces(norm.join(""))) {
    const chars = Array.from(p.text), len = chars.length;
    if (!p.japanese) {
      if (matched.has(tokenOf(index, p.text))) ranges.push([origin[p.start], origin[p.start + len - 1] + 1]);
      continue;
    }
    if (len === 1 && matched.has(p.text)) ranges.push([origin[p.start], origin[p.start] + 1]);
    for (let k = 0; k + 1 < len; k++) {
      if (matched.has(chars[k] + chars[k + 1])) ranges.push([origin[p.start + k], origin[p.start + k + 1] + 1]);
    }
  }
  ranges.sort((a, b) => (a[0] - b[0]) || (a[1] - b[1]));
  const merged = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]); else merged.push(r);
  }
  return merged;
}

// About SNIPPET characters from a little before the first matched word, cut at spaces.
function snippet(index, text, matched) {
  const chars = Array.from(text), marks = marked(index, text, matched);
  if (chars.length <= SNIPPET) return [text, marks];
  const first = marks.length ? marks[0][0] : 0;
  let start = Math.max(0, first - 50);
  if (start > 0) {
    const space = chars.slice(start, first).indexOf(" ");
    if (space >= 0) start += space + 1;
  }
  let end = Math.min(start + SNIPPET, chars.length);
  if (end < chars.length) {
    const space = chars.slice(end - 20, end).lastIndexOf(" ");
    if (space >= 0) end = end - 20 + space;
  }
  const lead = start > 0 ? 1 : 0;
  const out = (start > 0 ? "…" : "") + chars.slice(start, end).join("") + (end < chars.length ? "…" : "");
  return [out, marks.filter(m => m[0] >= start && m[1] <= end).map(m => [m[0] - start + lead, m[1] - start + lead])];
}

// A result as the CLI's --json gives it.
function hitOf(index, doc, score, us) {
  const d = index.docs[doc];
  const matched = new Set();
  for (const unit of us) for (const [t] of unit.tokens) if (weight(index, t, doc) > 0) matched.add(t);
  const [snip, marks] = snippet(index, d.text, matched);
  return { kind: d.kind, id: d.id, number: d.number, title: d.title, context: d.context, score, snippet: snip, marks, title_marks: marked(index, d.title, matched) };
}

// The first `limit` results of `query` and how many there were.
// As search.rs's suggest: names near a query that found nothing, terms first, at most five.
function suggest(index, query) {
  const wanted = pieces(normalize(query.trim()));
  const scored = [];
  index.docs.forEach((d, i) => {
    if ((d.kind !== "term" && d.kind !== "clause") || !d.title) return;
    const have = pieces(normalize(d.title));
    const near = w => {
      if (w.japanese) {
        const grams = bigrams(w.text).filter(g => Array.from(g).length === 2);
        return grams.some(g => have.some(h => h.japanese && h.text.includes(g)));
      }
      const limit = Array.from(w.text).length >= 5 ? 2 : 1;
      return Array.from(w.text).length >= 3 && !index.stop.includes(w.text)
        && have.some(h => !h.japanese && !index.stop.includes(h.text) && typoDistance(w.text, h.text, limit) <= limit);
    };
    const score = wanted.filter(near).length;
    if (score > 0) scored.push([score, d.kind !== "term" ? 1 : 0, i]);
  });
  scored.sort((a, b) => (b[0] - a[0]) || (a[1] - b[1]) || (a[2] - b[2]));
  const out = [];
  for (const [, , i] of scored) {
    const title = index.docs[i].title;
    if (!out.includes(title)) out.push(title);
    if (out.length === 5) break;
  }
  return out;
}

function search(index, query, limit) {
  const { ranked, units: us } = rank(index, query);
  const shown = limit === undefined ? ranked : ranked.slice(0, limit);
  return { hits: shown.map(([doc, score]) => hitOf(index, doc, score, us)), total: ranked.length };
}
