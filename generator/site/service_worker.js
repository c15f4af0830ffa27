/* The rulebook offline: after a first visit, every page, diagram and search file of the language
   being read is kept, with every language's home page (the page asks for its language's list,
   assets/offline/<lang>.json: each file with a hash of its bytes and its size).
   Pages: the network first, the kept copy without signal. Everything else: the kept copy first.
   A new build changes the lists, not this file: a returning reader's copy is checked file by file
   against the new list, and only the files whose bytes changed are fetched again; files no kept
   language lists any more are dropped. A page that is not kept (another language's, beyond its
   home) is answered offline by a page in the reader's language that says so (offline.html).
   Written into the site by generator/site/reader_site.py. */
"use strict";
var FILES = "rulebook-files";
var META = "rulebook-meta";  // one entry: which languages are kept, with their lists
var META_KEY = "kept.json";
var ROOT = new URL("./", self.location.href).pathname;
var KEPT_LISTS = [FILES, META];

self.addEventListener("install", function () { self.skipWaiting(); });

self.addEventListener("activate", function (event) {
  // Caches of earlier versions of this worker (one per build, "rulebook-<hash>") go.
  event.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (key) {
      return key.indexOf("rulebook-") === 0 && KEPT_LISTS.indexOf(key) < 0;
    }).map(function (key) { return caches.delete(key); }));
  }).then(function () { return self.clients.claim(); }));
});

self.addEventListener("message", function (event) {
  var data = event.data || {};
  // A language's list, or "resolver-<language>" (the engine, asked for by a resolver page).
  if (data.type !== "precache" || !/^(resolver-)?[a-z]{2,3}$/.test(String(data.lang))) return;
  var source = event.source;
  var tell = function (message) { if (source) source.postMessage(message); };
  event.waitUntil(precache(data.lang, tell).then(function (kept) {
    tell({ type: "precached", lang: data.lang, count: kept.count, bytes: kept.bytes, fetched: kept.fetched });
  }).catch(function () { tell({ type: "precache-failed", lang: data.lang }); }));
});

function readMeta() {
  return caches.open(META).then(function (cache) {
    return cache.match(ROOT + META_KEY).then(function (hit) { return hit ? hit.json() : { langs: {} }; });
  }).catch(function () { return { langs: {} }; });
}

function writeMeta(meta) {
  return caches.open(META).then(function (cache) {
    return cache.put(ROOT + META_KEY, new Response(JSON.stringify(meta), { headers: { "Content-Type": "application/json" } }));
  });
}

function hex(buffer) {
  return Array.prototype.map.call(new Uint8Array(buffer), function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
}

// Whether the kept copy of a file has the bytes the list names (a page kept while it was read
// online, or a file another language keeps too, is not fetched again).
function holds(response, hash) {
  if (!response) return Promise.resolve(false);
  return response.clone().arrayBuffer()
    .then(function (body) { return crypto.subtle.digest("SHA-256", body); })
    .then(function (digest) { return hex(digest).slice(0, hash.length) === hash; })
    .catch(function () { return false; });
}

// The list's entries as this browser fetches them: a name index is listed gzipped, with its plain
// twin for a browser that cannot inflate it (site_overrides/assets/search.js asks for the same one).
function entries(list) {
  var inflate = typeof DecompressionStream === "function";
  return list.files.map(function (entry) {
    var chosen = entry[3] && !inflate ? entry[3] : entry;
    return { url: ROOT + chosen[0], hash: chosen[1], bytes: chosen[2] };
  });
}

function precache(lang, tell) {
  return fetch(ROOT + "assets/offline/" + lang + ".json", { cache: "no-cache" })
    .then(function (response) {
      if (!response.ok) throw new Error(String(response.status));
      return response.json();
    })
    .then(function (list) {
      var files = entries(list);
      var total = files.reduce(function (sum, f) { return sum + f.bytes; }, 0);
      var state = { count: 0, bytes: 0, fetched: 0 };
      tell({ type: "precaching", lang: lang, done: 0, total: files.length, bytes: total });
      return caches.open(FILES).then(function (cache) {
        var keep = function (file) {
          return cache.match(file.url).then(function (hit) { return holds(hit, file.hash); }).then(function (ok) {
            if (ok) return true;
            // "no-cache": the browser's own HTTP cache may hold the bytes of the build before.
            return fetch(file.url, { cache: "no-cache" }).then(function (response) {
              if (!response.ok) return false;
              state.fetched++;
              return cache.put(file.url, response).then(function () { return true; });
            }).catch(function () { return false; /* kept on a later visit */ });
          }).then(function (ok) {
            if (ok) { state.count++; state.bytes += file.bytes; }
            if (state.count % 20 === 0) tell({ type: "precaching", lang: lang, done: state.count, total: files.length, bytes: total });
          });
        };
        // A few at a time: a phone on a weak signal, and other requests of the page go first.
        var next = 0;
        var worker = function () {
          if (next >= files.length) return Promise.resolve();
          return keep(files[next++]).then(worker);
        };
        return Promise.all([worker(), worker(), worker(), worker()])
          .then(function () { return readMeta(); })
          .then(function (meta) {
            meta.langs[lang] = { urls: files.map(function (f) { return f.url; }), count: state.count, bytes: state.bytes };
            meta.homes = list.homes || meta.homes || {};
            return writeMeta(meta).then(function () { return tidy(cache, meta); });
          })
          .then(function () { return state; });
      });
    });
}

// Drop what no kept language lists any more (a page gone, a search chunk of an earlier build).
function tidy(cache, meta) {
  var listed = {};
  Object.keys(meta.langs).forEach(function (lang) {
    (meta.langs[lang].urls || []).forEach(function (url) { listed[url] = true; });
  });
  return cache.keys().then(function (requests) {
    return Promise.all(requests.filter(function (request) {
      return !listed[new URL(request.url).pathname];
    }).map(function (request) { return cache.delete(request); }));
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.indexOf(ROOT) !== 0) return;
  event.respondWith(request.mode === "navigate" ? page(request, url) : file(request));
});

function page(request, url) {
  var key = url.origin + url.pathname;
  return fetch(request).then(function (response) {
    if (response.ok) {
      var copy = response.clone();
      caches.open(FILES).then(function (cache) { cache.put(key, copy); });
    }
    return response;
  }).catch(function () {
    var candidates = [key];
    if (/\/$/.test(url.pathname)) candidates.push(key + "index.html");
    else if (!/\.[a-z0-9]+$/i.test(url.pathname)) candidates.push(key + "/");
    return first(candidates).then(function (hit) { return hit || notKept(request, url); });
  });
}

// A page with no kept copy: the language it is in is kept (a page added since): its 404 page;
// else the page in the reader's language that says what is kept offline and why.
function notKept(request, url) {
  return readMeta().then(function (meta) {
    var homes = meta.homes || {};
    // The languages kept (a resolver's list, "resolver-<language>", is no language of its own).
    var kept = Object.keys(meta.langs).filter(function (key) { return homes[key] !== undefined; });
    var wanted = languageOf(url.pathname, homes);
    var reader = request.referrer ? languageOf(new URL(request.referrer).pathname, homes) : null;
    var at = function (lang, name) { return url.origin + ROOT + (homes[lang] || "") + name; };
    if (wanted && kept.indexOf(wanted) >= 0) return first([at(wanted, "404.html")]);
    var order = [reader].concat(kept).filter(function (lang) { return lang && kept.indexOf(lang) >= 0; });
    // Sent there (not answered here): the page's links are relative to its own address.
    return firstKept(order.map(function (lang) { return at(lang, "offline.html"); }))
      .then(function (found) { return found ? Response.redirect(found, 302) : null; });
  }).then(function (hit) { return hit || Response.error(); });
}

function firstKept(urls) {
  if (!urls.length) return Promise.resolve(null);
  return caches.match(urls[0]).then(function (hit) { return hit ? urls[0] : firstKept(urls.slice(1)); });
}

// The language a path is in: the language whose folder it starts with, else the one at the root.
function languageOf(pathname, homes) {
  var rest = pathname.slice(ROOT.length);
  var langs = Object.keys(homes);
  var own = langs.filter(function (lang) { return homes[lang] && rest.indexOf(homes[lang]) === 0; })[0];
  return own || langs.filter(function (lang) { return !homes[lang]; })[0] || null;
}

function file(request) {
  return caches.match(request, { ignoreSearch: true }).then(function (hit) {
    return hit || fetch(request).then(function (response) {
      if (response.ok && response.type === "basic") {
        var copy = response.clone();
        caches.open(FILES).then(function (cache) { cache.put(request, copy); });
      }
      return response;
    });
  });
}

function first(urls) {
  if (!urls.length) return Promise.resolve(null);
  return caches.match(urls[0], { ignoreSearch: true }).then(function (hit) {
    return hit || first(urls.slice(1));
  });
}
