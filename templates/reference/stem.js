// The Snowball English stemmer (Porter2), written to give exactly what the Rust crate
// rust-stemmers 1.2 gives (`Stemmer::create(Algorithm::English).stem(word)`), so that rules.html
// ranks its results as `pnpkit rules search` does. tests/it/stemmer.rs holds the two to the same
// stems over every word of the packs and a 100,000-word dictionary.
//
// One global function, `stem(word)`: `word` is lower case (ASCII letters, digits, apostrophes).
// Positions are string indices; R1 and R2 are the regions from `p1` and `p2` to the end.
(function (global) {
  "use strict";

  // Whole words with their own stems, looked at before anything else ("sky" and the rest of the
  // words mapped to themselves are left as they are).
  var EXCEPTIONAL = {
    skis: "ski", skies: "sky", dying: "die", lying: "lie", tying: "tie", idly: "idl",
    gently: "gentl", ugly: "ugli", early: "earli", only: "onli", singly: "singl",
    sky: "sky", news: "news", howe: "howe", atlas: "atlas", cosmos: "cosmos", bias: "bias",
    andes: "andes"
  };
  // Words that, once step 1a has run, skip the remaining steps.
  var KEPT_AFTER_1A = {
    inning: true, outing: true, canning: true, herring: true, earring: true,
    proceed: true, exceed: true, succeed: true
  };
  // Prefixes after which R1 starts, whatever the letters say.
  var R1_PREFIXES = ["gener", "commun", "arsen"];

  function isVowel(w, i) {
    var c = w.charAt(i);
    return c !== "" && "aeiouy".indexOf(c) >= 0;
  }
  // A consonant in Snowball's sense: any character but a, e, i, o, u, y ("Y", digits and
  // apostrophes count as consonants); false off either end of the word.
  function isConsonant(w, i) {
    return i >= 0 && i < w.length && !isVowel(w, i);
  }
  function anyVowel(w, from, to) {
    for (var i = from; i < to; i++) if (isVowel(w, i)) return true;
    return false;
  }
  function endsWith(w, s) {
    return w.length >= s.length && w.slice(w.length - s.length) === s;
  }
  // The longest of `suffixes` (longest first in the list) that `w` ends with, or "".
  function longest(w, suffixes) {
    for (var i = 0; i < suffixes.length; i++) if (endsWith(w, suffixes[i])) return suffixes[i];
    return "";
  }
  // A short syllable ending at `k`: consonant, vowel, consonant other than w, x or Y; or, when it
  // is the whole start of the word, vowel then consonant.
  function shortSyllable(w, k) {
    var last = w.charAt(k - 1);
    if (k >= 3 && "aeiouywxY".indexOf(last) < 0 && isVowel(w, k - 2) && isConsonant(w, k - 3)) {
      return true;
    }
    return k === 2 && isConsonant(w, 1) && isVowel(w, 0);
  }

  var STEP_1A = ["sses", "ied", "ies", "ss", "us", "s"];
  var STEP_1B = ["eedly", "ingly", "edly", "eed", "ing", "ed"];
  var STEP_2 = {
    ization: "ize", ational: "ate", fulness: "ful", ousness: "ous", iveness: "ive",
    tional: "tion", biliti: "ble", lessli: "less", entli: "ent", ation: "ate", alism: "al",
    aliti: "al", ousli: "ous", iviti: "ive", fulli: "ful", enci: "ence", anci: "ance",
    abli: "able", izer: "ize", ator: "ate", alli: "al", bli: "ble", ogi: "og", li: ""
  };
  var STEP_3 = {
    ational: "ate", tional: "tion", alize: "al", icate: "ic", iciti: "ic", ative: "",
    ical: "ic", ness: "", ful: ""
  };
  var STEP_4 = [
    "ement", "ance", "ence", "able", "ible", "ment", "ate", "ive", "ize", "iti", "ism", "ion",
    "ous", "ant", "ent", "ic", "al", "er"
  ];
  function byLength(table) {
    return Object.keys(table).sort(function (a, b) { return b.length - a.length; });
  }
  var STEP_2_KEYS = byLength(STEP_2);
  var STEP_3_KEYS = byLength(STEP_3);

  function stem(word) {
    if (Object.prototype.hasOwnProperty.call(EXCEPTIONAL, word)) return EXCEPTIONAL[word];
    if (word.length < 3) return word;
    var w = word;
    var i, s, bra;

    // Prelude: drop one leading apostrophe; mark a y that starts the word or follows a vowel as
    // Y, a consonant.
    if (w.charAt(0) === "'") w = w.slice(1);
    var yFound = false;
    if (w.charAt(0) === "y") {
      w = "Y" + w.slice(1);
      yFound = true;
    }
    for (i = 1; i < w.length; i++) {
      if (w.charAt(i) === "y" && isVowel(w, i - 1)) {
        w = w.slice(0, i) + "Y" + w.slice(i + 1);
        yFound = true;
      }
    }

    // Regions: R1 starts after the first consonant that follows a vowel (or after one of the
    // prefixes gener, commun, arsen), R2 after the next such consonant within R1.
    var n = w.length;
    var p1 = n;
    var p2 = n;
    var start = -1;
    for (i = 0; i < R1_PREFIXES.length; i++) {
      if (w.slice(0, R1_PREFIXES[i].length) === R1_PREFIXES[i]) start = R1_PREFIXES[i].length;
    }
    if (start < 0) start = afterVowelConsonant(w, 0);
    if (start >= 0) {
      p1 = start;
      var second = afterVowelConsonant(w, p1);
      if (second >= 0) p2 = second;
    }

    // Step 1a: the possessive ('s', 's, '), then plural endings.
    s = longest(w, ["'s'", "'s", "'"]);
    w = w.slice(0, w.length - s.length);
    s = longest(w, STEP_1A);
    bra = w.length - s.length;
    if (s === "sses") {
      w = w.slice(0, bra) + "ss";
    } else if (s === "ied" || s === "ies") {
      w = w.slice(0, bra) + (bra >= 2 ? "i" : "ie");
    } else if (s === "s") {
      // Only when a vowel comes before the letter just before the s.
      if (bra >= 1 && anyVowel(w, 0, bra - 1)) w = w.slice(0, bra);
    }

    if (!Object.prototype.hasOwnProperty.call(KEPT_AFTER_1A, w)) {
      w = step1b(w, p1);

      // Step 1c: a final y or Y after a consonant (not the first letter) becomes i.
      n = w.length;
      var last = w.charAt(n - 1);
      if ((last === "y" || last === "Y") && isConsonant(w, n - 2) && n - 2 > 0) {
        w = w.slice(0, n - 1) + "i";
      }

      // Step 2: suffixes in R1 mapped to shorter ones.
      s = longest(w, STEP_2_KEYS);
      bra = w.length - s.length;
      if (s !== "" && bra >= p1) {
        if (s === "ogi") {
          if (w.charAt(bra - 1) === "l") w = w.slice(0, bra) + "og";
        } else if (s === "li") {
          if (bra >= 1 && "cdeghkmnrt".indexOf(w.charAt(bra - 1)) >= 0) w = w.slice(0, bra);
        } else {
          w = w.slice(0, bra) + STEP_2[s];
        }
      }

      // Step 3: more suffixes in R1; ative only in R2.
      s = longest(w, STEP_3_KEYS);
      bra = w.length - s.length;
      if (s !== "" && bra >= p1 && (s !== "ative" || bra >= p2)) {
        w = w.slice(0, bra) + STEP_3[s];
      }

      // Step 4: suffixes in R2 deleted; ion only after s or t.
      s = longest(w, STEP_4);
      bra = w.length - s.length;
      if (s !== "" && bra >= p2) {
        if (s !== "ion" || (bra >= 1 && "st".indexOf(w.charAt(bra - 1)) >= 0)) w = w.slice(0, bra);
      }

      // Step 5: a final e in R2, or in R1 when not after a short syllable; a final l in R2
      // after another l.
      n = w.length;
      bra = n - 1;
      last = w.charAt(bra);
      if (last === "e") {
        if (bra >= p2 || (bra >= p1 && !shortSyllable(w, bra))) w = w.slice(0, bra);
      } else if (last === "l") {
        if (bra >= p2 && w.charAt(bra - 1) === "l") w = w.slice(0, bra);
      }
    }

    // Postlude: Y back to y.
    if (yFound) w = w.replace(/Y/g, "y");
    return w;
  }

  // The index just after the first consonant that follows a vowel at or after `from`; -1 if none.
  function afterVowelConsonant(w, from) {
    var i = from;
    while (i < w.length && !isVowel(w, i)) i++;
    if (i >= w.length) return -1;
    i++;
    while (i < w.length && isVowel(w, i)) i++;
    if (i >= w.length) return -1;
    return i + 1;
  }

  // Step 1b: eed, eedly become ee in R1; ed, edly, ing, ingly go when a vowel precedes them, and
  // then at, bl, iz gain an e, a double letter loses one, a short word gains an e.
  function step1b(w, p1) {
    var s = longest(w, STEP_1B);
    if (s === "") return w;
    var bra = w.length - s.length;
    if (s === "eed" || s === "eedly") {
      return bra >= p1 ? w.slice(0, bra) + "ee" : w;
    }
    if (!anyVowel(w, 0, bra)) return w;
    w = w.slice(0, bra);
    var end = w.slice(-2);
    if (w.length >= 2 && (end === "at" || end === "bl" || end === "iz")) return w + "e";
    if (w.length >= 2 && /^(bb|dd|ff|gg|mm|nn|pp|rr|tt)$/.test(end)) return w.slice(0, -1);
    if (w.length === p1 && shortSyllable(w, w.length)) return w + "e";
    return w;
  }

  global.stem = stem;
})(typeof globalThis !== "undefined" ? globalThis : this);
