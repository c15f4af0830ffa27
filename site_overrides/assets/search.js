/* Header search, a combobox: names first (any name, alias, English name, prefix, Ukrainian case
   form, Korean form with a particle, hiragana for katakana, Latin transliteration, one typo),
   shown as soon as the small name index is here; the full-text results follow as they come, a few
   at first and the rest behind a "more" row. Both indexes are per language, so results never
   leave the page's language. The game of the page being read (the URL's game folder) ranks
   first; on a page of no game, one name found in several games is one result with a link per
   game, the game the reader last read first. A full-text result opens its page with the searched
   words marked (?h=).
   normalize() mirrors generator/search/normalize.py. */
(function () {
  "use strict";
  var lang = document.documentElement.lang || "ja";
  var root = (document.querySelector('meta[name="rulebook-root"]') || {}).content || ".";
  root = root.replace(/\/?$/, "/");
  var labels = {};
  try { labels = JSON.parse(document.getElementById("rulebook-labels").textContent); } catch (e) { labels = {}; }
  var MAX_NAMES = 8, MAX_TEXT = 5, MORE_TEXT = 10;
  var GAME_BONUS = 150; // the page's game first: its alias (200) above another game's name (300)
  var LAST_GAME = "rulebook-last-game"; // the game of the last game page read (localStorage)
  var TYPING_PAUSE_MS = 120; // typed queries: full text after a pause in typing
  var WHOLE_INPUT = { insertFromPaste: true, insertFromDrop: true, insertReplacementText: true };

  // Longest first, so "에서는" is tried before "는".
  var KO_PARTICLES = ["에서부터", "으로부터", "에게서", "한테서", "에서는", "으로는", "에서", "에게", "한테",
    "으로", "부터", "까지", "처럼", "보다", "이나", "이랑", "은", "는", "이", "가", "을", "를", "의", "에",
    "도", "만", "로", "와", "과", "랑", "나"];
  var CYRILLIC_FOLDS = { "ь": "", "ъ": "", "ґ": "г", "ё": "е", "ы": "и", "э": "е" };

  var KATAKANA = /[\u30a1-\u30f6]/g, FOLDED = /[ьъґёыэ]/g, DROPPED = /[^\p{L}\p{N}+]/gu;
  function normalize(text) { // whole-string passes: a name index's titles are normalized on its first use
    return String(text).normalize("NFKC").toLowerCase()
      .replace(KATAKANA, function (ch) { return String.fromCharCode(ch.charCodeAt(0) - 0x60); }) // -> hiragana
      .replace(FOLDED, function (ch) { return CYRILLIC_FOLDS[ch]; })
      .replace(DROPPED, "");
  }

  // Latin spellings of Ukrainian: the national transliteration, then a skeleton that forgives the
  // usual variants (y/i/j, h/g/kh, doubled letters), so "slyzkyi", "slizkiy" and "slyzkyy" agree.
  var TRANSLIT = { "а": "a", "б": "b", "в": "v", "г": "h", "д": "d", "е": "e", "є": "ie", "ж": "zh", "з": "z",
    "и": "y", "і": "i", "ї": "i", "й": "i", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r",
    "с": "s", "т": "t", "у": "u", "ф": "f", "х": "kh", "ц": "ts", "ч": "ch", "ш": "sh", "щ": "shch", "ю": "iu", "я": "ia" };
  function skeleton(latin) {
    return latin.replace(/shch|sch/g, "s").replace(/kh|x/g, "h").replace(/zh/g, "z").replace(/ch/g, "c")
      .replace(/sh/g, "s").replace(/ts/g, "c").replace(/g/g, "h").replace(/w/g, "v").replace(/[yj]/g, "i")
      .replace(/(.)\1+/g, "$1");
  }
  function transliterate(key) {
    return /[а-яіїє]/.test(key) ? skeleton(Array.from(key).map(function (ch) {
      return Object.prototype.hasOwnProperty.call(TRANSLIT, ch) ? TRANSLIT[ch] : ch;
    }).join("")) : "";
  }

  function variants(query) {
    var q = normalize(query);
    var out = [{ q: q, penalty: 0 }];
    if (/[\uac00-\ud7a3]$/.test(q)) {
      KO_PARTICLES.forEach(function (p) {
        if (q.length > p.length && q.slice(-p.length) === p) out.push({ q: q.slice(0, -p.length), penalty: 1 });
      });
    }
    return out.filter(function (v) { return v.q; });
  }

  // Damerau-Levenshtein distance, giving up above `limit`.
  function distance(a, b, limit) {
    if (Math.abs(a.length - b.length) > limit) return limit + 1;
    var prev2 = null, prev = [], i, j;
    for (j = 0; j <= b.length; j++) prev.push(j);
    for (i = 1; i <= a.length; i++) {
      var row = [i], best = i;
      for (j = 1; j <= b.length; j++) {
        var cost = a[i - 1] === b[j - 1] ? 0 : 1;
        var d = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
        if (prev2 && i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2] + 1);
        row.push(d);
        if (d < best) best = d;
      }
      if (best > limit) return limit + 1;
      prev2 = prev; prev = row;
    }
    return prev[b.length];
  }

  function keyScore(key, weight, q, typos) {
    if (key === q) return 100 * weight;
    if (key.indexOf(q) === 0) return 40 * weight + 10 * q.length / key.length;
    if (q.length >= 2 && key.indexOf(q) > 0) return 15 * weight + 5 * q.length / key.length;
    if (typos && q.length >= 4) {
      var limit = q.length >= 8 ? 2 : 1;
      if (distance(q, key, limit) <= limit) return 25 * weight;
      if (key.length > q.length && distance(q, key.slice(0, q.length), 1) <= 1) return 10 * weight;
    }
    return 0;
  }

  function score(entry, forms, latin, typos) {
    var best = 0; // the heading itself, typed as shown, gets +1 over the same string as a case form
    forms.forEach(function (v) {
      entry.keys.forEach(function (kw) {
        var s = keyScore(kw[0], kw[1], v.q, typos) - v.penalty * 5;
        if (s > 0 && v.q === entry.plain && !v.penalty) s += 1;
        if (s > best) best = s;
      });
    });
    if (latin) {
      entry.latin().forEach(function (kw) {
        var s = keyScore(kw[0], kw[1], latin, typos) * 0.9;
        if (s > best) best = s;
      });
    }
    return best;
  }

  function frontDecoded(coded, weight, into) {
    if (!coded) return;
    var items = coded.split(" "), previous = "";
    for (var i = 0; i < items.length; i++) {
      var comma = items[i].indexOf(",");
      previous = previous.slice(0, +items[i].slice(0, comma)) + items[i].slice(comma + 1);
      into.push([previous, weight]);
    }
  }

  /* An entry's keys: names of weight 3 and 2, then each Ukrainian name's case forms given as
     "weight,stem,endings number,tail" (see generator/search/names.py); `endings`: each set of
     endings as a list. */
  function decodeKeys(groups, endings) {
    var keys = [];
    frontDecoded(groups[0], 3, keys);
    frontDecoded(groups[1], 2, keys);
    for (var g = 2; g < groups.length; g++) {
      var parts = groups[g].split(","), weight = +parts[0], list = endings[+parts[2]];
      for (var e = 0; e < list.length; e++) keys.push([parts[1] + list[e] + parts[3], weight]);
    }
    return keys;
  }

  function scriptsOf(text) {
    var found = {};
    if (/[\u3040-\u30ff\u3400-\u9fff]/.test(text)) found.cjk = true;
    if (/[\u1100-\u11ff\uac00-\ud7a3]/.test(text)) found.hangul = true;
    if (/[\u0400-\u04ff]/.test(text)) found.cyrillic = true;
    return found;
  }

  function loadIndex(data) {
    var endings = (data.endings || []).map(function (set) { return set.split("|"); }); // split once, used by many names
    var index = {
      base: data.base || "",
      games: data.games.map(function (g) { return { id: g[0], name: g[1] }; }),
      scripts: {},
      entries: []
    };
    data.entries.forEach(function (e) {
      // The number of an earlier entry: the same keys (read only, so the same list serves both).
      var keys = typeof e[4] === "number" ? index.entries[e[4]].keys : decodeKeys(e[4], endings);
      index.entries.push(makeEntry(e, keys));
    });
    function makeEntry(e, keys) {
      var entry = { title: e[0], kind: data.kinds[e[1]], game: e[2], url: e[3], keys: keys };
      entry.plain = normalize(entry.title);
      entry.latin = function () { // computed on the first Latin query only
        if (!entry.latinKeys) {
          entry.latinKeys = entry.keys.map(function (kw) { return [transliterate(kw[0]), kw[1]]; })
            .filter(function (kw) { return kw[0]; });
        }
        return entry.latinKeys;
      };
      return entry;
    }
    // The scripts of the page language are those of its headings.
    index.scripts = scriptsOf(index.entries.map(function (e) { return e.title; }).join(""));
    return index;
  }

  /* A file of the indexes, as gzip inflated here (any host) or plain JSON where the browser cannot. */
  function fetchJson(path) {
    var url = root + path;
    var inflate = typeof DecompressionStream === "function";
    return fetch(inflate ? url + ".gz" : url).then(function (r) {
      if (!r.ok) throw new Error(r.status);
      return r.arrayBuffer();
    }).then(function (buffer) {
      var bytes = new Uint8Array(buffer);
      // A host may already have undone the gzip (Content-Encoding): then the bytes are JSON.
      if (!(bytes[0] === 0x1f && bytes[1] === 0x8b)) return new TextDecoder().decode(bytes);
      return new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).text();
    }).then(JSON.parse);
  }

  var namesPromise = null;
  function names() {
    if (!namesPromise) {
      namesPromise = fetchJson("assets/names/" + lang + ".json").then(loadIndex)
        .catch(function () { return loadIndex({ games: [], kinds: [], entries: [] }); });
    }
    return namesPromise;
  }

  /* The other languages' names of the entries, fetched for a query in a script the index of the
     page's language does not use (a Japanese alias typed on a Korean page). */
  var morePromise = null;
  function withOtherLanguages(index) {
    if (!morePromise) {
      morePromise = fetchJson("assets/names/" + lang + "-more.json").then(function (more) {
        index.entries.forEach(function (entry, i) {
          var keys = entry.keys.slice(); // its own list: entries with the same names share theirs
          frontDecoded(more.keys[i], 1, keys);
          entry.keys = keys;
          entry.latinKeys = null;
        });
        return index;
      }).catch(function () { return index; });
    }
    return morePromise;
  }

  function needsOtherLanguages(index, query) {
    var wanted = scriptsOf(query);
    return Object.keys(wanted).some(function (script) { return !index.scripts[script]; });
  }

  /* Full text (generator/search/fulltext.py): each language's sections, found by the pairs of
     adjacent CJK characters of the query (any contiguous part of a word) and by the words it
     begins in other scripts (in Ukrainian, with every form of the word's lemma in the text). Only
     the shards holding the query's keys are fetched, and a page's text only to show it. */
  var CJK = "\u1100-\u11ff\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uac00-\ud7a3";
  var RUNS = new RegExp("[" + CJK + "]+|[^" + CJK + "]+", "g");
  var IS_CJK = new RegExp("^[" + CJK + "]");
  var JA_PARTICLES = "をはがにでとのもへや";
  var TITLE = 3, WHOLE = 1.2; // a phrase's part in a section's heading; a section holding the whole phrase
  var UK_ENDINGS = ["ами", "ями", "ові", "еві", "ого", "ому", "ими", "іми", "ях", "ах", "ів", "їв", "ам", "ям",
    "ом", "ем", "єм", "ою", "ею", "єю", "ий", "ій", "их", "іх", "им", "ім", "ої", "ої", "а", "я", "у", "ю", "і",
    "ї", "и", "е", "є", "о"];

  /* The query's terms: each space-separated word folded like the index, Korean particles off,
     cut where the script changes ("S.T.A.R.S.隊員" -> "stars", "隊員"). */
  function termsOf(query) {
    var terms = [];
    String(query).normalize("NFKC").split(/\s+/).forEach(function (word) {
      var q = normalize(word);
      if (/[\uac00-\ud7a3]$/.test(q)) {
        for (var k = 0; k < KO_PARTICLES.length; k++) {
          var p = KO_PARTICLES[k];
          if (q.length >= p.length + 2 && q.slice(-p.length) === p) { q = q.slice(0, -p.length); break; }
        }
      }
      (q.match(RUNS) || []).forEach(function (run) { terms.push(run); });
    });
    return terms;
  }

  /* A Japanese phrase's parts: cut at a particle between two characters that are not hiragana
     ("ドアを開ける" -> "ドア", "開ける"); a word without such a particle stays whole. */
  function partsOf(term) {
    if (lang !== "ja") return [term];
    var parts = [], current = "";
    Array.from(term).forEach(function (ch, i, all) {
      var hira = function (c) { return c >= "\u3041" && c <= "\u309f"; };
      if (JA_PARTICLES.indexOf(ch) >= 0 && i > 0 && i < all.length - 1 && !hira(all[i - 1]) && !hira(all[i + 1])) {
        if (current) parts.push(current);
        current = "";
      } else {
        current += ch;
      }
    });
    if (current) parts.push(current);
    return parts;
  }

  function keysOfRun(run) {
    var chars = Array.from(run);
    if (chars.length === 1) return [run];
    var keys = [];
    for (var i = 0; i + 1 < chars.length; i++) keys.push(chars[i] + chars[i + 1]);
    return keys;
  }

  function shardOf(key, shards) { // FNV-1a of the first two code points, as fulltext.shard_of
    var h = 0x811c9dc5;
    Array.from(key).slice(0, 2).forEach(function (ch) { h = Math.imul(h ^ ch.codePointAt(0), 0x01000193) >>> 0; });
    return h % shards;
  }

  var textState = null;
  function textIndex() {
    if (!textState) {
      textState = names().then(function (index) {
        var base = index.base + "search/";
        return fetchJson(base + "meta.json").then(function (meta) {
          return { base: base, meta: meta, shards: {}, pages: {} };
        });
      }).catch(function () { textState = null; return null; });
    }
    return textState;
  }

  function shard(ix, number) {
    if (!ix.shards[number]) {
      ix.shards[number] = fetchJson(ix.base + "k" + number + ".json").then(function (data) {
        var decoded = {};
        Object.keys(data).forEach(function (key) {
          var n = 0;
          decoded[key] = data[key].map(function (d) { n += d; return n; });
        });
        return decoded;
      }).catch(function () { return {}; });
    }
    return ix.shards[number];
  }

  function pageText(ix, number) {
    if (!ix.pages[number]) ix.pages[number] = fetchJson(ix.base + "p" + number + ".json").catch(function () { return null; });
    return ix.pages[number];
  }

  /* The postings (2 * section + 1 if in its heading) of a word term: the words it begins, and
     in Ukrainian, when no word begins with it, the words that begin with it less an ending. */
  function wordPostings(table, term) {
    function starting(prefix) {
      var found = {}, any = false;
      Object.keys(table).forEach(function (key) {
        if (key.indexOf(prefix) === 0) { any = true; table[key].forEach(function (p) { found[p >> 1] = Math.max(found[p >> 1] || 0, (p & 1) + (key === prefix ? 2 : 1)); }); }
      });
      return any ? found : null;
    }
    var found = starting(term);
    if (!found && lang === "uk") {
      for (var k = 0; k < UK_ENDINGS.length && !found; k++) {
        var e = UK_ENDINGS[k];
        if (term.length - e.length >= 4 && term.slice(-e.length) === e) found = starting(term.slice(0, -e.length));
      }
    }
    return found || {};
  }

  /* Sections (number -> weight) holding every key of a CJK term. */
  function cjkPostings(tables, keys) {
    var found = null;
    keys.forEach(function (key) {
      var here = {};
      (tables[key] || []).forEach(function (p) { here[p >> 1] = (p & 1) + 1; });
      if (found === null) { found = here; return; }
      Object.keys(found).forEach(function (s) { if (!here[s]) delete found[s]; else found[s] = Math.min(found[s], here[s]); });
    });
    return found || {};
  }

  /* Every section that answers the query, best first: [{section, score}]. First the sections
     holding every term (each CJK term with its characters in a row, as far as its pairs tell).
     A phrase (several words or parts, or a long run of characters) is scored by its parts, in any
     order and form: each part by the share of its pairs (or its word) a section holds, a rarer
     part more, a part in the section's heading (a ruling's question) three times as much, a section
     holding few of the parts less, one holding the whole phrase a little more. */
  function textSearch(query) {
    var terms = termsOf(query).filter(function (t) { return IS_CJK.test(t) || t.length >= 2; });
    if (!terms.length) return Promise.resolve([]);
    return textIndex().then(function (ix) {
      if (!ix) return [];
      var parts = [];
      terms.forEach(function (t) { (IS_CJK.test(t) ? partsOf(t) : [t]).forEach(function (p) { parts.push(p); }); });
      var keys = {};
      terms.concat(parts).forEach(function (t) {
        (IS_CJK.test(t) ? keysOfRun(t) : [t]).forEach(function (k) { keys[k] = true; });
      });
      var wanted = {};
      Object.keys(keys).forEach(function (k) { wanted[shardOf(k, ix.meta.shards)] = true; });
      return Promise.all(Object.keys(wanted).map(function (n) { return shard(ix, n).then(function (t) { return [n, t]; }); }))
        .then(function (loaded) {
          var byShard = {};
          loaded.forEach(function (pair) { byShard[pair[0]] = pair[1]; });
          var total = ix.meta.pages[ix.meta.pages.length - 1];
          function table(key) { return byShard[shardOf(key, ix.meta.shards)][key] || []; }
          function idf(count) { return Math.log(1 + total / (1 + count)); }
          function postingsOf(t) {
            return IS_CJK.test(t) ? cjkAll(t) : wordPostings(byShard[shardOf(t, ix.meta.shards)], t);
          }
          function cjkAll(t) {
            var tables = {};
            keysOfRun(t).forEach(function (k) { tables[k] = table(k); });
            return cjkPostings(tables, keysOfRun(t));
          }
          /* section -> score of one part; and the part's weight */
          function partScores(part) {
            var scores = {}, weight = 0;
            var units = IS_CJK.test(part) ? keysOfRun(part).map(function (k) {
              var set = {};
              table(k).forEach(function (p) { set[p >> 1] = (p & 1) ? TITLE : 1; });
              return set;
            }) : [(function () {
              var set = {}, found = wordPostings(byShard[shardOf(part, ix.meta.shards)], part);
              Object.keys(found).forEach(function (s) { set[s] = found[s] % 2 ? TITLE : 1; });
              return set;
            })()];
            units.forEach(function (set) { weight += idf(Object.keys(set).length); });
            units.forEach(function (set) {
              var w = idf(Object.keys(set).length) / (weight || 1);
              Object.keys(set).forEach(function (s) { scores[s] = (scores[s] || 0) + w * set[s]; });
            });
            return { scores: scores, weight: weight / units.length };
          }
          function ranked(partsToScore, only) {
            var each = partsToScore.map(partScores), sums = {}, held = {};
            each.forEach(function (part) {
              Object.keys(part.scores).forEach(function (s) {
                if (only && !only[s]) return;
                sums[s] = (sums[s] || 0) + part.weight * part.scores[s];
                if (part.scores[s] >= 0.5) held[s] = (held[s] || 0) + 1;
              });
            });
            return Object.keys(sums).map(function (s) {
              var share = (held[s] || 0) / partsToScore.length;
              return { section: +s, score: sums[s] * share * share };
            }).sort(function (a, b) { return b.score - a.score || a.section - b.section; });
          }
          var strict = terms.map(postingsOf);
          var every = {};
          Object.keys(strict[0]).forEach(function (s) { if (strict.every(function (set) { return set[s]; })) every[s] = true; });
          var found = ranked(terms, every).filter(function (hit) { return every[hit.section]; });
          var phrase = parts.length > 1 || terms.some(function (t) { return Array.from(t).length >= 9; });
          if (!phrase) return found;
          var scored = ranked(parts).map(function (hit) {
            return { section: hit.section, score: hit.score * (every[hit.section] ? WHOLE : 1) };
          }).sort(function (a, b) { return b.score - a.score || a.section - b.section; });
          var best = scored.length ? scored[0].score : 0;
          return scored.filter(function (hit) { return hit.score >= best * 0.4 || every[hit.section]; });
        });
    });
  }

  function pageOf(meta, section) {
    var lo = 0, hi = meta.pages.length - 2;
    while (lo < hi) {
      var mid = (lo + hi + 1) >> 1;
      if (meta.pages[mid] <= section) lo = mid; else hi = mid - 1;
    }
    return lo;
  }

  /* Where in `text` the query's terms are: [start, end] ranges of the original characters. */
  function matches(text, query) {
    var flat = "", starts = [], ends = [], offset = 0; // flat: the folded text; per folded code unit, its original range
    Array.from(text).forEach(function (ch) {
      var folded = normalize(ch);
      for (var k = 0; k < folded.length; k++) { starts.push(offset); ends.push(offset + ch.length); }
      flat += folded;
      offset += ch.length;
    });
    var ranges = [];
    termsOf(query).forEach(function (term) {
      (IS_CJK.test(term) ? partsOf(term) : [term]).forEach(function (part) {
        if (!part || (!IS_CJK.test(part) && part.length < 2)) return;
        for (var at = flat.indexOf(part); at >= 0; at = flat.indexOf(part, at + part.length)) {
          ranges.push([starts[at], ends[at + part.length - 1]]);
        }
      });
    });
    ranges.sort(function (a, b) { return a[0] - b[0] || b[1] - a[1]; });
    var merged = [];
    ranges.forEach(function (r) {
      var last = merged[merged.length - 1];
      if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]); else merged.push(r.slice());
    });
    return merged;
  }

  /* An excerpt around the first match: [text before, match, text between, match, ..., after]. */
  function excerptOf(text, query) {
    var ranges = matches(text, query);
    var start = ranges.length ? Math.max(0, ranges[0][0] - 30) : 0;
    var end = Math.min(text.length, start + 110);
    var pieces = [], at = start;
    ranges.forEach(function (r) {
      if (r[0] < at || r[1] > end) return;
      pieces.push({ text: text.slice(at, r[0]) }, { text: text.slice(r[0], r[1]), mark: true });
      at = r[1];
    });
    pieces.push({ text: text.slice(at, end) });
    if (start > 0) pieces[0].text = "…" + pieces[0].text;
    if (end < text.length) pieces[pieces.length - 1].text += "…";
    return pieces;
  }

  /* The rows of some of the sections found, with their page's text (fetched once per page). */
  function textRowsOf(found, query) {
    return textIndex().then(function (ix) {
      return Promise.all(found.map(function (hit) {
        var number = pageOf(ix.meta, hit.section);
        return pageText(ix, number).then(function (page) {
          if (!page) return null;
          var section = page[2][hit.section - ix.meta.pages[number]];
          if (!section) return null;
          var title = section[1] && section[1] !== page[1] ? section[1] + " — " + page[1] : page[1];
          var anchor = "#" + section[0];
          var url = root + ix.base.slice(0, -"search/".length) + page[0];
          var highlight = "?h=" + encodeURIComponent(query.trim());
          return { title: title, links: [{ url: url + highlight + anchor, title: title, meta: "",
            excerpt: excerptOf(section[2] || section[1], query) }] };
        });
      })).then(function (rows) { return rows.filter(Boolean); });
    });
  }

  window.rulebookSearch = { // what the page's own search finds, for tests and the benchmark
    text: function (query) {
      return textSearch(query).then(function (found) {
        return textIndex().then(function (ix) {
          return Promise.all(found.map(function (hit) {
            var number = pageOf(ix.meta, hit.section);
            return pageText(ix, number).then(function (page) {
              return ix.base.slice(0, -"search/".length) + page[0] + "#" + page[2][hit.section - ix.meta.pages[number]][0];
            });
          }));
        });
      });
    }
  };

  /* Which game the page belongs to: the first folder of its path below the language's root. */
  function pageGame(index) {
    var site = new URL(root, location.href).pathname;
    var rest = location.pathname.indexOf(site) === 0 ? location.pathname.slice(site.length) : "";
    if (index.base && rest.indexOf(index.base) === 0) rest = rest.slice(index.base.length);
    var folder = rest.split("/")[0];
    for (var i = 0; i < index.games.length; i++) if (index.games[i].id === folder) return i;
    return -1;
  }

  /* On a page of no game: the game the reader last read a page of, or -1. */
  function lastGame(index) {
    var id = null;
    try { id = localStorage.getItem(LAST_GAME); } catch (e) { id = null; }
    for (var i = 0; i < index.games.length; i++) if (index.games[i].id === id) return i;
    return -1;
  }

  /* Name results as rows; a row is one entry, or on a page of no game one name in several games. */
  function nameRows(index, query) {
    var forms = variants(query);
    var q = forms[0] ? forms[0].q : "";
    var latin = /^[a-z0-9+]+$/.test(q) && /[a-z]/.test(q) ? skeleton(q) : "";
    var here = pageGame(index), last = lastGame(index);
    var scored = [], best = 0;
    function pass(typos) {
      scored = [];
      index.entries.forEach(function (e) {
        var s = score(e, forms, latin, typos);
        if (s > best) best = s;
        if (s > 0) scored.push({ e: e, s: s + (e.game === here ? GAME_BONUS : 0) + (here < 0 && e.game === last ? 1 : 0) });
      });
    }
    pass(false);
    // Slips of the finger are looked for only when no name starts with what was typed.
    if (best < 80) pass(true);
    scored.sort(function (a, b) { return b.s - a.s || a.e.game - b.e.game || a.e.title.localeCompare(b.e.title); });
    var rows = [], byName = {};
    scored.forEach(function (x) {
      var link = { url: root + index.base + x.e.url, title: x.e.title,
        meta: x.e.kind + " · " + index.games[x.e.game].name, game: index.games[x.e.game].name, gameIndex: x.e.game };
      // One thing in several games: the same kind with the same id (ids are stable) or the same name.
      var keys = [x.e.kind + "\u0000#" + x.e.url.split("#")[1], x.e.kind + "\u0000" + normalize(x.e.title)];
      var row = here < 0 ? byName[keys[0]] || byName[keys[1]] : null;
      if (row) {
        if (!row.links.some(function (l) { return l.gameIndex === x.e.game; })) {
          if (x.e.title !== row.title) link.game += " — " + x.e.title;
          row.links.push(link);
        }
        return;
      }
      if (rows.length >= MAX_NAMES) return;
      row = { title: x.e.title, kind: x.e.kind, links: [link] };
      keys.forEach(function (k) { byName[k] = byName[k] || row; });
      rows.push(row);
    });
    return rows;
  }

  function samePage(url) {
    var target = new URL(url, location.href);
    return target.origin === location.origin && target.pathname === location.pathname;
  }

  function countLabel(n) {
    var form = lang === "uk" ? (n % 10 === 1 && n % 100 !== 11 ? "one"
      : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14) ? "few" : "many") : "many";
    return (labels["search-count-" + form] || "{n}").replace("{n}", n);
  }

  function build() {
    var inner = document.querySelector(".md-header__inner");
    if (!inner || document.querySelector(".rb-search")) return;
    var box = document.createElement("div");
    box.className = "rb-search";
    box.setAttribute("role", "search");
    box.innerHTML =
      '<button type="button" class="rb-search__toggle" aria-expanded="false" aria-controls="rb-search-panel">' +
      '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M9.5 3A6.5 6.5 0 0 1 16 9.5c0 1.61-.59 3.09-1.56 4.23l.27.27h.79l5 5-1.5 1.5-5-5v-.79l-.27-.27A6.52 6.52 0 0 1 9.5 16 6.5 6.5 0 0 1 3 9.5 6.5 6.5 0 0 1 9.5 3m0 2C7 5 5 7 5 9.5S7 14 9.5 14 14 12 14 9.5 12 5 9.5 5Z"/></svg>' +
      '</button>' +
      '<div class="rb-search__panel" id="rb-search-panel">' +
      '<div class="rb-search__bar">' +
      '<input type="text" class="rb-search__input" role="combobox" aria-autocomplete="list" aria-expanded="false"' +
      ' aria-controls="rb-search-listbox" autocomplete="off" autocapitalize="off" spellcheck="false" enterkeyhint="go">' +
      '<button type="button" class="rb-search__close"><svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12 19 6.41Z"/></svg></button>' +
      '</div>' +
      '<div class="rb-search__output" hidden><ul class="rb-search__results" role="listbox" id="rb-search-listbox"></ul></div>' +
      '</div>' +
      '<div class="rb-search__status" role="status" aria-live="polite"></div>';
    var toggle = box.querySelector(".rb-search__toggle");
    var close = box.querySelector(".rb-search__close");
    var input = box.querySelector("input");
    var output = box.querySelector(".rb-search__output");
    var list = box.querySelector("ul");
    var status = box.querySelector(".rb-search__status");
    input.placeholder = labels["search-placeholder"] || "";
    input.setAttribute("aria-label", labels["search-placeholder"] || "search");
    list.setAttribute("aria-label", labels["search-results"] || "");
    toggle.setAttribute("aria-label", labels["search-open"] || "search");
    toggle.title = labels["search-open"] || "";
    close.setAttribute("aria-label", labels["search-close"] || "close");
    close.title = labels["search-close"] || "";
    var anchor = inner.querySelector(".md-header__option, .md-header__source");
    inner.insertBefore(box, anchor);

    // What is on screen: the normalized query it answers, and its options in order.
    var shown = { query: null, options: [], nameRows: [], textRows: [], found: [] };
    var active = -1, serial = 0, textTimer = null, dismissed = false;

    function setOpen(open) {
      output.hidden = !open;
      input.setAttribute("aria-expanded", open ? "true" : "false");
      if (!open) setActive(-1);
    }

    function setActive(i) {
      shown.options.forEach(function (li, k) { li.setAttribute("aria-selected", k === i ? "true" : "false"); });
      active = i;
      if (i >= 0 && shown.options[i]) {
        input.setAttribute("aria-activedescendant", shown.options[i].id);
        shown.options[i].scrollIntoView({ block: "nearest" });
      } else {
        input.removeAttribute("aria-activedescendant");
      }
    }

    function option(link, titleText, meta, source) {
      var li = document.createElement("li");
      li.className = "rb-search__result rb-search__result--" + source;
      li.setAttribute("role", "option");
      li.id = "rb-search-option-" + shown.options.length;
      var a = document.createElement("a");
      a.href = link.url;
      a.tabIndex = -1;
      var title = document.createElement("span");
      title.className = "rb-search__title";
      title.textContent = titleText;
      a.appendChild(title);
      if (meta) {
        var m = document.createElement("span");
        m.className = "rb-search__meta";
        m.textContent = meta;
        a.appendChild(m);
      }
      if (link.excerpt) { // pieces of the page's text, the words found marked (text only, never HTML)
        var excerpt = document.createElement("span");
        excerpt.className = "rb-search__excerpt";
        link.excerpt.forEach(function (piece) {
          var node = piece.mark ? document.createElement("mark") : document.createTextNode(piece.text);
          if (piece.mark) node.textContent = piece.text;
          excerpt.appendChild(node);
        });
        a.appendChild(excerpt);
      }
      li.appendChild(a);
      shown.options.push(li);
      return li;
    }

    function render(query) {
      list.innerHTML = "";
      shown.options = [];
      shown.query = query;
      shown.nameRows.forEach(function (row) {
        if (row.links.length === 1) {
          list.appendChild(option(row.links[0], row.title, row.links[0].meta, "name"));
          return;
        }
        var li = document.createElement("li");
        li.className = "rb-search__group";
        li.setAttribute("role", "presentation");
        var head = document.createElement("div");
        head.className = "rb-search__group-title";
        head.id = "rb-search-group-" + shown.options.length;
        head.textContent = row.title + " · " + row.kind;
        var group = document.createElement("ul");
        group.setAttribute("role", "group");
        group.setAttribute("aria-labelledby", head.id);
        row.links.forEach(function (link) { group.appendChild(option(link, link.game, "", "name")); });
        li.appendChild(head);
        li.appendChild(group);
        list.appendChild(li);
      });
      var names = {};
      function place(url) { var u = new URL(url, location.href); u.search = ""; return u.href; }
      shown.nameRows.forEach(function (row) { row.links.forEach(function (l) { names[place(l.url)] = true; }); });
      var text = shown.textRows.filter(function (row) { return !names[place(row.links[0].url)]; });
      if (text.length) {
        var li = document.createElement("li");
        li.className = "rb-search__group rb-search__group--text";
        li.setAttribute("role", "presentation");
        var head = document.createElement("div");
        head.className = "rb-search__group-title";
        head.id = "rb-search-group-text";
        head.textContent = labels["search-pages"] || "";
        var group = document.createElement("ul");
        group.setAttribute("role", "group");
        group.setAttribute("aria-labelledby", head.id);
        text.forEach(function (row) { group.appendChild(option(row.links[0], row.title, "", "text")); });
        var rest = shown.found.length - shown.textRows.length;
        if (rest > 0) { // the reader can reach every section found: a few more at each press
          var more = document.createElement("li");
          more.className = "rb-search__more";
          more.setAttribute("role", "option");
          more.setAttribute("data-more", "true");
          more.id = "rb-search-option-" + shown.options.length;
          more.textContent = (labels["search-more"] || "+{n}").replace("{n}", rest);
          shown.options.push(more);
          group.appendChild(more);
        }
        li.appendChild(head);
        li.appendChild(group);
        list.appendChild(li);
      }
      if (!shown.options.length) {
        var none = document.createElement("li");
        none.className = "rb-search__empty";
        none.setAttribute("role", "presentation");
        none.textContent = labels["search-no-results"] || "";
        list.appendChild(none);
      }
      // Read out: the results listed, not the row that shows more of them.
      var listed = shown.options.filter(function (o) { return !o.getAttribute("data-more"); }).length;
      status.textContent = listed ? countLabel(listed) : (labels["search-no-results"] || "");
      output.setAttribute("data-query", input.value); // which query the list answers (tests, benchmark)
      setOpen(!dismissed); // a list the reader closed (Escape, a choice) stays closed when results come
      setActive(-1);
    }

    function run(event) {
      var query = input.value;
      // A pasted, dropped or suggested word comes whole: no more typing to wait for.
      var whole = !!(event && WHOLE_INPUT[event.inputType]);
      var q = normalize(query);
      var mine = ++serial;
      dismissed = false;
      clearTimeout(textTimer);
      if (!q) {
        shown = { query: null, options: [], nameRows: [], textRows: [], found: [] };
        list.innerHTML = "";
        ["data-query", "data-names", "data-text"].forEach(function (a) { output.removeAttribute(a); });
        status.textContent = "";
        setOpen(false);
        return;
      }
      if (shown.query !== q) { shown.query = null; setActive(-1); } // until this query's names are in, Enter waits
      names().then(function (index) {
        return needsOtherLanguages(index, query) ? withOtherLanguages(index) : index;
      }).then(function (index) {
        if (mine !== serial) return;
        shown.nameRows = nameRows(index, query);
        shown.textRows = [];
        shown.found = [];
        render(q);
        output.setAttribute("data-names", query);
        // Full text, added below the names when it comes.
        function fullText() {
          textSearch(query).then(function (found) {
            if (mine !== serial) return null;
            shown.found = found;
            return textRowsOf(found.slice(0, MAX_TEXT), query);
          }).then(function (rows) {
            if (!rows || mine !== serial) return;
            shown.textRows = rows;
            var keep = active >= 0 ? shown.options[active].id : null;
            render(q);
            if (keep) setActive(shown.options.map(function (o) { return o.id; }).indexOf(keep));
            output.setAttribute("data-text", query);
          });
        }
        if (whole) fullText();
        else textTimer = setTimeout(fullText, TYPING_PAUSE_MS);
      });
    }

    function go(li) {
      if (li.getAttribute("data-more")) { showMore(); return; }
      var a = li.querySelector("a");
      if (!a || !a.href) return;
      if (samePage(a.href)) {
        finish();
        var target = new URL(a.href);
        highlight(target.searchParams.get("h"));
        location.hash = target.hash;
        return;
      }
      location.href = a.href;
    }

    /* The next sections found, below those shown; the first of them becomes the active row. */
    function showMore() {
      var mine = serial, q = shown.query, query = input.value;
      var from = shown.textRows.length, firstNew = shown.options.length - 1; // the "more" row's place
      textRowsOf(shown.found.slice(from, from + MORE_TEXT), query).then(function (rows) {
        if (mine !== serial) return;
        shown.textRows = shown.textRows.concat(rows);
        render(q);
        setActive(Math.min(firstNew, shown.options.length - 1));
        input.focus();
      });
    }

    /* After jumping to a result on the same page: nothing may stay open over the section, and
       no answer still on its way may open the list again. */
    function finish() {
      serial++;
      clearTimeout(textTimer);
      dismissed = true;
      setOpen(false);
      closePanel(false);
      input.blur();
    }

    function openPanel() {
      box.classList.add("rb-search--open");
      toggle.setAttribute("aria-expanded", "true");
      input.focus();
      if (shown.options.length && normalize(input.value)) { dismissed = false; setOpen(true); }
    }

    function phone() { return getComputedStyle(toggle).display !== "none"; }

    function closePanel(returnFocus) {
      if (!box.classList.contains("rb-search--open")) return;
      box.classList.remove("rb-search--open");
      toggle.setAttribute("aria-expanded", "false");
      setOpen(false);
      if (returnFocus && phone()) toggle.focus();
    }

    input.addEventListener("input", run);
    input.addEventListener("compositionend", run);
    input.addEventListener("focus", function () {
      names(); // start fetching the small name index as soon as the reader comes to the box
      textIndex(); // and the full text's list of shards (a few hundred bytes)
      if (shown.options.length && shown.query === normalize(input.value) && shown.query) { dismissed = false; setOpen(true); }
    });
    input.addEventListener("keydown", function (event) {
      if (event.isComposing || event.keyCode === 229) return; // the input method owns this key
      var n = shown.options.length;
      var current = shown.query !== null && shown.query === normalize(input.value);
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        if (!current || !n) return;
        if (output.hidden) { dismissed = false; setOpen(true); }
        var step = event.key === "ArrowDown" ? 1 : -1;
        setActive(active < 0 ? (step > 0 ? 0 : n - 1) : (active + step + n) % n);
      } else if (event.key === "Enter") {
        event.preventDefault();
        if (!current || !n || output.hidden) return; // no results for this query yet: nothing to open
        go(shown.options[active >= 0 ? active : 0]);
      } else if (event.key === "Escape") {
        event.preventDefault();
        if (!output.hidden) { setOpen(false); dismissed = true; } else if (phone()) closePanel(true);
      }
    });
    list.addEventListener("click", function (event) {
      var li = event.target.closest("li[role=option]");
      if (li && (li.getAttribute("data-more") || samePage(li.querySelector("a").href))) {
        event.preventDefault();
        go(li);
      }
    });
    list.addEventListener("mousedown", function (event) { event.preventDefault(); }); // keep focus in the box
    toggle.addEventListener("click", function () {
      if (box.classList.contains("rb-search--open")) closePanel(true); else openPanel();
    });
    close.addEventListener("click", function () { closePanel(true); });
    document.addEventListener("click", function (event) {
      if (!box.contains(event.target)) { dismissed = true; setOpen(false); closePanel(false); }
    });
    document.addEventListener("keydown", function (event) {
      var target = event.target;
      var editing = target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
      var slash = event.key === "/" && !event.ctrlKey && !event.metaKey && !event.altKey;
      var ctrlK = (event.key === "k" || event.key === "K") && (event.ctrlKey || event.metaKey);
      if ((slash && !editing) || (ctrlK && target !== input)) {
        event.preventDefault();
        openPanel();
        input.select();
      }
    });
  }

  /* The searched words, marked on the page a full-text result opened (its address's ?h=, the
     parameter Material's own search uses for this). Text only: the words come from the address. */
  function highlight(query) {
    var body = document.querySelector("[data-search-body]");
    if (!query || !body) return;
    var textWalk = document.createTreeWalker(body, NodeFilter.SHOW_TEXT, {
      acceptNode: function (node) {
        return node.parentElement.closest("script, style, svg, mark, .headerlink, .rb-sources")
          ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT;
      }
    });
    var nodes = [];
    for (var node = textWalk.nextNode(); node; node = textWalk.nextNode()) nodes.push(node);
    nodes.forEach(function (node) {
      var ranges = matches(node.data, query);
      for (var k = ranges.length - 1; k >= 0; k--) {
        var tail = node.splitText(ranges[k][0]);
        tail.splitText(ranges[k][1] - ranges[k][0]);
        var mark = document.createElement("mark");
        mark.className = "rb-highlight";
        tail.parentNode.replaceChild(mark, tail);
        mark.appendChild(tail);
      }
    });
  }

  /* The folder a page lies in below its language's home (its game's folder id), remembered
     for the home page's search: that game's entries come first there. Nothing is fetched for it. */
  function rememberGame() {
    var site = new URL(root, location.href).pathname;
    var rest = location.pathname.indexOf(site) === 0 ? location.pathname.slice(site.length) : "";
    if (rest.indexOf(lang + "/") === 0) rest = rest.slice(lang.length + 1);
    var folder = rest.split("/")[0];
    if (!folder || rest.indexOf("/") < 0) return;
    try { localStorage.setItem(LAST_GAME, folder); } catch (e) { /* storage off: no memory */ }
  }

  function start() {
    build();
    highlight(new URLSearchParams(location.search).get("h"));
    rememberGame();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start); else start();
})();
