/* Header search: names first (skills, zombies, terms: by any name, alias, English name,
   prefix, Ukrainian inflected form, Korean form with a particle), then Pagefind's full text.
   Both indexes are per language, so results never leave the page's language.
   normalize() mirrors generator/search/normalize.py. */
(function () {
  "use strict";
  var lang = document.documentElement.lang || "ja";
  var root = (document.querySelector('meta[name="rulebook-root"]') || {}).content || ".";
  root = root.replace(/\/?$/, "/");
  var labels = {};
  try { labels = JSON.parse(document.getElementById("rulebook-labels").textContent); } catch (e) { labels = {}; }

  // Longest first, so "에서는" is tried before "는".
  var KO_PARTICLES = ["에서부터", "으로부터", "에게서", "한테서", "에서는", "으로는", "에서", "에게", "한테",
    "으로", "부터", "까지", "처럼", "보다", "이나", "이랑", "은", "는", "이", "가", "을", "를", "의", "에",
    "도", "만", "로", "와", "과", "랑", "나"];

  function normalize(text) {
    return Array.from(String(text).normalize("NFKC").toLowerCase())
      .filter(function (ch) { return ch === "+" || /[\p{L}\p{N}]/u.test(ch); }).join("");
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

  function score(entry, forms) {
    var best = 0;
    forms.forEach(function (v) {
      entry.keys.forEach(function (kw) {
        var key = kw[0], weight = kw[1], s = 0;
        if (key === v.q) s = 100 * weight;
        else if (key.indexOf(v.q) === 0) s = 40 * weight + 10 * v.q.length / key.length;
        else if (v.q.length >= 2 && key.indexOf(v.q) > 0) s = 15 * weight + 5 * v.q.length / key.length;
        s -= v.penalty * 5;
        if (s > best) best = s;
      });
    });
    return best;
  }

  var namesPromise = null;
  function names() {
    if (!namesPromise) {
      namesPromise = fetch(root + "assets/names/" + lang + ".json")
        .then(function (r) { return r.ok ? r.json() : []; })
        .catch(function () { return []; });
    }
    return namesPromise;
  }

  var pagefindPromise = null;
  function pagefind() {
    if (!pagefindPromise) {
      var base = new URL(root, location.href);
      pagefindPromise = import(new URL("pagefind/pagefind.js", base).href).then(function (pf) {
        return pf.options({ baseUrl: base.pathname }).then(function () { return pf; });
      }).catch(function () { return null; });
    }
    return pagefindPromise;
  }

  function nameHits(query) {
    var forms = variants(query);
    return names().then(function (entries) {
      return entries.map(function (e) { return { e: e, s: score(e, forms) }; })
        .filter(function (x) { return x.s > 0; })
        .sort(function (a, b) { return b.s - a.s || a.e.title.localeCompare(b.e.title); })
        .slice(0, 6)
        .map(function (x) {
          return { url: root + x.e.url, title: x.e.title, meta: x.e.kind + " · " + x.e.game, excerpt: x.e.excerpt, source: "name" };
        });
    });
  }

  function textHits(query) {
    return pagefind().then(function (pf) {
      if (!pf) return [];
      var q = variants(query).length > 1 ? query.trim() : query.trim();
      return pf.search(q).then(function (search) {
        if (!search) return [];
        return Promise.all(search.results.slice(0, 6).map(function (r) { return r.data(); }));
      }).then(function (pages) {
        return pages.map(function (d) {
          var sub = (d.sub_results || [])[0];
          var pick = sub && sub.url !== d.url ? sub : d;
          var title = d.meta && d.meta.title ? d.meta.title : d.url;
          if (sub && sub.title && sub.title !== title) title = sub.title + " — " + title;
          return { url: pick.url, title: title, meta: labels["search-pages"] || "", excerpt: pick.excerpt || d.excerpt, source: "text", html: true };
        });
      });
    });
  }

  function strip(url) { return new URL(url, location.href).href; }

  function build() {
    var inner = document.querySelector(".md-header__inner");
    if (!inner || document.querySelector(".rb-search")) return;
    var box = document.createElement("div");
    box.className = "rb-search";
    box.setAttribute("role", "search");
    box.innerHTML = '<input type="search" class="rb-search__input" autocomplete="off" spellcheck="false">' +
      '<div class="rb-search__output" hidden><ol class="rb-search__results"></ol></div>';
    var input = box.querySelector("input");
    input.placeholder = labels["search-placeholder"] || "";
    input.setAttribute("aria-label", labels["search-placeholder"] || "search");
    var anchor = inner.querySelector(".md-header__option, .md-header__source");
    inner.insertBefore(box, anchor);
    var output = box.querySelector(".rb-search__output");
    var list = box.querySelector("ol");
    var serial = 0;

    function show(query, results) {
      list.innerHTML = "";
      if (!results.length) {
        var none = document.createElement("li");
        none.className = "rb-search__empty";
        none.textContent = labels["search-no-results"] || "";
        list.appendChild(none);
      }
      results.forEach(function (r) {
        var li = document.createElement("li");
        li.className = "rb-search__result rb-search__result--" + r.source;
        var a = document.createElement("a");
        a.href = r.url;
        var title = document.createElement("span");
        title.className = "rb-search__title";
        title.textContent = r.title;
        var meta = document.createElement("span");
        meta.className = "rb-search__meta";
        meta.textContent = r.meta;
        var excerpt = document.createElement("span");
        excerpt.className = "rb-search__excerpt";
        if (r.html) excerpt.innerHTML = r.excerpt || ""; else excerpt.textContent = r.excerpt || "";
        a.appendChild(title); a.appendChild(meta); a.appendChild(excerpt);
        li.appendChild(a);
        list.appendChild(li);
      });
      output.hidden = false;
      output.setAttribute("data-query", query); // tells tests and assistive tools which query is shown
    }

    function run() {
      var query = input.value;
      var mine = ++serial;
      if (!normalize(query)) { output.hidden = true; return; }
      Promise.all([nameHits(query), textHits(query)]).then(function (both) {
        if (mine !== serial) return; // a newer query is on its way
        var seen = {};
        var merged = both[0].concat(both[1]).filter(function (r) {
          var key = strip(r.url);
          if (seen[key]) return false;
          seen[key] = true;
          return true;
        });
        show(query, merged.slice(0, 10));
      });
    }

    var timer = null;
    function schedule() { clearTimeout(timer); timer = setTimeout(run, 120); }
    input.addEventListener("input", schedule);
    input.addEventListener("keyup", schedule); // IME composition ends without an input event in some browsers
    input.addEventListener("compositionend", schedule);
    input.addEventListener("keydown", function (event) {
      if (event.key === "Enter") {
        var first = list.querySelector("a");
        if (first) { event.preventDefault(); location.href = first.href; }
      } else if (event.key === "Escape") {
        output.hidden = true;
      }
    });
    document.addEventListener("click", function (event) {
      if (!box.contains(event.target)) output.hidden = true;
    });
    input.addEventListener("focus", function () { if (list.children.length && normalize(input.value)) output.hidden = false; });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", build); else build();
})();
