// The search box of the rules reference: results as the player types (engine.js, or cards.js for
// a query with a filter), each with its kind, number, title, section and a snippet with the matched
// words marked. Keyboard: `/` focuses the box, ↑/↓ move through the results, Enter opens one (the
// list closes and focus moves to the entry), Esc clears. What it says comes from the pack's
// message table (INDEX.labels).
"use strict";
const LABELS = INDEX.labels;
// At most this many results are shown; the status line says how many there were.
const LIMIT = 30;
let shown = [];
let active = -1;

function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (all, key) => (key in values ? String(values[key]) : all));
}

function run(query) {
  if (!isCardQuery(query)) return Object.assign(search(INDEX, query, LIMIT), { error: null });
  try {
    const all = searchCards(INDEX, query);
    return { hits: all.slice(0, LIMIT), total: all.length, error: null };
  } catch (e) {
    if (!e.queryError) throw e;
    return { hits: [], total: 0, error: [e.message].concat(e.hints).join("\n") };
  }
}

// Writes `text` into `el` with the code-point ranges `marks` in <mark>.
function writeMarked(el, text, marks) {
  const chars = Array.from(text);
  let pos = 0;
  for (const [from, to] of marks) {
    el.appendChild(document.createTextNode(chars.slice(pos, from).join("")));
    const m = document.createElement("mark");
    m.textContent = chars.slice(from, to).join("");
    el.appendChild(m);
    pos = to;
  }
  el.appendChild(document.createTextNode(chars.slice(pos).join("")));
}

function span(cls, text, marks) {
  const s = document.createElement("span");
  s.className = cls;
  if (marks) writeMarked(s, text, marks); else s.textContent = text;
  return s;
}

function panel(open) {
  const box = document.getElementById("search");
  document.getElementById("results").hidden = !open;
  box.setAttribute("aria-expanded", open && shown.length ? "true" : "false");
}

// Anchored entries scroll to just below the sticky header, whatever its height at this width.
function headerHeight() {
  const header = document.querySelector("header");
  document.documentElement.style.setProperty("--header", header.getBoundingClientRect().height + "px");
}

function show(query) {
  const list = document.getElementById("results");
  const status = document.getElementById("status");
  const found = query.trim() ? run(query) : { hits: [], total: 0, error: null };
  shown = found.hits;
  active = -1;
  let text = "";
  if (found.error) text = found.error;
  else if (query.trim() && !found.total) {
    // Nothing found: the names nearest the query, to try instead.
    const near = suggest(INDEX, query);
    text = fill(LABELS.none, { query }) + (near.length ? " " + LABELS.suggest + " " + near.join(", ") : "");
  }
  else if (found.total > shown.length) text = fill(LABELS.cut, { shown: shown.length, total: found.total });
  else if (found.total) text = fill(LABELS.count, { total: found.total });
  status.textContent = text;
  status.className = found.error ? "error" : "";
  list.textContent = "";
  shown.forEach((h, i) => {
    const li = document.createElement("li");
    li.className = "hit";
    li.id = "hit-" + i;
    li.dataset.id = h.id;
    li.setAttribute("role", "option");
    li.setAttribute("aria-selected", "false");
    // An option holds no link (an interactive element inside an option confuses screen
    // readers): a click or Enter opens it.
    li.appendChild(span("kind", LABELS[h.kind] || h.kind));
    if (h.number) li.appendChild(span("n", h.number));
    if (h.title) li.appendChild(span("t", h.title, h.title_marks));
    if (h.context) li.appendChild(span("ctx", h.context));
    if (h.snippet) li.appendChild(span("snip", h.snippet, h.marks));
    li.addEventListener("mousedown", e => e.preventDefault());
    li.addEventListener("click", () => open(i));
    list.appendChild(li);
  });
  list.dataset.query = query;
  panel(shown.length > 0);
}

function choose(i) {
  if (!shown.length) return;
  active = (i + shown.length) % shown.length;
  const box = document.getElementById("search");
  document.querySelectorAll("#results li.hit").forEach((li, k) => li.setAttribute("aria-selected", k === active ? "true" : "false"));
  const li = document.getElementById("hit-" + active);
  box.setAttribute("aria-activedescendant", li.id);
  li.scrollIntoView({ block: "nearest" });
}

// Brings `target` into view below the header, marks it and gives it the focus, so the next Tab
// and a screen reader start there.
function bring(target) {
  headerHeight();
  target.tabIndex = -1;
  target.focus({ preventScroll: true });
  target.scrollIntoView({ block: "start" });
  document.querySelectorAll(".chosen").forEach(e => e.classList.remove("chosen"));
  target.classList.add("chosen");
}

// Opens result `i`: the list closes and the entry gets the focus, below the header.
function open(i) {
  const h = shown[i];
  if (!h) return;
  panel(false);
  document.getElementById("search").removeAttribute("aria-activedescendant");
  const target = document.getElementById(h.id);
  history.replaceState(null, "", "#" + h.id);
  if (target) bring(target);
}

// What a link into the page names: an element's id, a clause's or section's number (`#13.4`,
// `#13`, `#section-13`) or a number the printed rulebook gave a clause we renumbered (`#3.3.1`).
// A clause number's anchor stands for its whole clause.
function linkTarget(hash) {
  let key = hash.replace(/^#/, "");
  try { key = decodeURIComponent(key); } catch (e) { return null; }
  if (!key || key.startsWith("q=")) return null;
  let target = document.getElementById(key) || document.getElementById(INDEX.anchors[key.replace(/^section-/, "")] || "");
  if (target && target.classList.contains("num")) target = target.parentElement;
  return target;
}

function land() {
  const target = linkTarget(location.hash);
  // A reader who already moved on inside the target (a Tab after the skip link) stays there;
  // the anchor the browser itself focused (a clause's number) gives way to its clause.
  const active = document.activeElement;
  const movedOn = target && target !== active && target.contains(active) && active.id !== location.hash.slice(1);
  if (target && !movedOn) bring(target);
}

// Glossary terms in the text show their definition (the text of the clause that defines them,
// in each language) on hover, on focus and on a first tap; a second tap, or Enter, follows the
// link to the glossary.
const tip = document.createElement("div");
let tipFor = null;
let touched = false;
// Whether the tip already showed for the link a tap lands on (its focus shows it too).
let tipWasUp = false;

function showTip(a) {
  const entry = document.getElementById(a.hash.slice(1));
  const dd = entry ? entry.nextElementSibling : null;
  // The glossary's own definition when it has one, else the defining clause's wording.
  const own = dd ? dd.querySelectorAll(".def") : [];
  const clause = dd && dd.dataset.def ? document.getElementById(dd.dataset.def) : null;
  if (!own.length && !clause) return false;
  tip.textContent = "";
  const name = entry.cloneNode(true);
  name.removeAttribute("id");
  name.className = "tipname";
  tip.appendChild(name);
  (own.length ? own : clause.querySelectorAll(".w")).forEach(w => {
    const d = document.createElement("div");
    d.className = "def";
    d.lang = w.lang;
    d.textContent = w.textContent;
    tip.appendChild(d);
  });
  tip.hidden = false;
  const r = a.getBoundingClientRect();
  const width = Math.min(tip.offsetWidth, window.innerWidth - 16);
  tip.style.left = Math.max(8, Math.min(r.left, window.innerWidth - width - 8)) + window.scrollX + "px";
  tip.style.top = r.bottom + window.scrollY + 4 + "px";
  a.setAttribute("aria-describedby", "tip");
  tipFor = a;
  return true;
}

function hideTip() {
  if (tipFor) tipFor.removeAttribute("aria-describedby");
  tip.hidden = true;
  tipFor = null;
}

function termLink(e) {
  return e.target instanceof Element ? e.target.closest('main a[href^="#term-"]') : null;
}

// The language switch: one of the pack's languages, or all; remembered between visits.
function showLanguage(lang) {
  if (lang === "all") delete document.documentElement.dataset.show;
  else document.documentElement.dataset.show = lang;
  document.querySelectorAll(".show button").forEach(b => b.setAttribute("aria-pressed", String(b.dataset.show === lang)));
  try { localStorage.setItem("pnpkit-show", lang); } catch (e) { /* storage may be off for file:// */ }
}

window.addEventListener("DOMContentLoaded", () => {
  const box = document.getElementById("search");
  headerHeight();
  // The header's height changes with the width and when the web font arrives.
  if (window.ResizeObserver) new ResizeObserver(headerHeight).observe(document.querySelector("header"));
  window.addEventListener("resize", headerHeight);
  document.querySelectorAll(".show button").forEach(b => b.addEventListener("click", () => showLanguage(b.dataset.show)));
  let saved = null;
  try { saved = localStorage.getItem("pnpkit-show"); } catch (e) { /* as above */ }
  if (saved && document.querySelector('.show button[data-show="' + saved + '"]')) showLanguage(saved);
  window.addEventListener("hashchange", land);
  land();
  // The web font reflows the text above the target: land again once it is in.
  if (document.fonts && location.hash) document.fonts.ready.then(land);
  tip.id = "tip";
  tip.setAttribute("role", "tooltip");
  tip.hidden = true;
  document.body.appendChild(tip);
  document.addEventListener("mouseover", e => { const a = termLink(e); if (a && a !== tipFor) showTip(a); });
  document.addEventListener("mouseout", e => { if (termLink(e) && !touched) hideTip(); });
  document.addEventListener("focusin", e => { const a = termLink(e); if (a) showTip(a); else hideTip(); });
  document.addEventListener("pointerdown", e => {
    touched = e.pointerType === "touch";
    const a = termLink(e);
    tipWasUp = !!a && tipFor === a && !tip.hidden;
    if (!a && !tip.contains(e.target)) hideTip();
  });
  document.addEventListener("click", e => {
    const a = termLink(e);
    if (a && touched && !tipWasUp && showTip(a)) e.preventDefault();
  });
  document.addEventListener("keydown", e => { if (e.key === "Escape" && tipFor) hideTip(); });
  box.addEventListener("input", () => show(box.value));
  box.addEventListener("focus", () => { if (shown.length) panel(true); });
  box.addEventListener("keydown", e => {
    if (e.key === "ArrowDown") { e.preventDefault(); choose(active + 1); }
    else if (e.key === "ArrowUp") { e.preventDefault(); choose(active - 1); }
    else if (e.key === "Enter") { e.preventDefault(); open(active >= 0 ? active : 0); }
    else if (e.key === "Escape") { e.preventDefault(); box.value = ""; show(""); }
  });
  document.addEventListener("keydown", e => {
    const typing = e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement;
    if (e.key === "/" && !typing && !e.ctrlKey && !e.metaKey && !e.altKey) { e.preventDefault(); box.focus(); box.select(); }
  });
  const m = location.hash.match(/^#q=(.*)$/);
  if (m) { box.value = decodeURIComponent(m[1]); show(box.value); }
});
