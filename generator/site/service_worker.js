/* The rulebook offline: after a first visit, every page, diagram and search file of the language
   being read is kept (the page asks for its language's list, assets/offline/<lang>.json).
   Pages: the network first, the kept copy without signal. Everything else: the kept copy first.
   Written into the site by generator/site/reader_site.py; the version changes with the site. */
"use strict";
var VERSION = "__VERSION__";
var CACHE = "rulebook-" + VERSION;
var ROOT = new URL("./", self.location.href).pathname;

self.addEventListener("install", function () { self.skipWaiting(); });

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (key) {
      return key.indexOf("rulebook-") === 0 && key !== CACHE;
    }).map(function (key) { return caches.delete(key); }));
  }).then(function () { return self.clients.claim(); }));
});

self.addEventListener("message", function (event) {
  var data = event.data || {};
  // A language's list, or "resolver-<language>" (the engine, asked for by a resolver page).
  if (data.type !== "precache" || !/^(resolver-)?[a-z]{2,3}$/.test(String(data.lang))) return;
  event.waitUntil(precache(data.lang).then(function (count) {
    if (event.source) event.source.postMessage({ type: "precached", lang: data.lang, count: count });
  }));
});

function precache(lang) {
  return caches.open(CACHE).then(function (cache) {
    return fetch(ROOT + "assets/offline/" + lang + ".json", { cache: "no-cache" })
      .then(function (response) { return response.json(); })
      .then(function (files) {
        var count = 0;
        var keep = function (rel) {
          var url = ROOT + rel;
          return cache.match(url).then(function (hit) {
            if (hit) { count++; return; }
            return fetch(url).then(function (response) {
              if (response.ok) { count++; return cache.put(url, response); }
            }).catch(function () { /* kept on a later visit */ });
          });
        };
        // A few at a time: a phone on a weak signal, and other requests of the page go first.
        var next = 0;
        var worker = function () {
          if (next >= files.length) return Promise.resolve();
          return keep(files[next++]).then(worker);
        };
        return Promise.all([worker(), worker(), worker(), worker()]).then(function () { return count; });
      });
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
      caches.open(CACHE).then(function (cache) { cache.put(key, copy); });
    }
    return response;
  }).catch(function () {
    var candidates = [key];
    if (/\/$/.test(url.pathname)) candidates.push(key + "index.html");
    else if (!/\.[a-z0-9]+$/i.test(url.pathname)) candidates.push(key + "/");
    candidates.push(url.origin + ROOT + languageHome(url.pathname) + "404.html");
    return first(candidates);
  });
}

function file(request) {
  return caches.match(request, { ignoreSearch: true }).then(function (hit) {
    return hit || fetch(request).then(function (response) {
      if (response.ok && response.type === "basic") {
        var copy = response.clone();
        caches.open(CACHE).then(function (cache) { cache.put(request, copy); });
      }
      return response;
    });
  });
}

function first(urls) {
  if (!urls.length) return Response.error();
  return caches.match(urls[0], { ignoreSearch: true }).then(function (hit) {
    return hit || first(urls.slice(1));
  });
}

function languageHome(pathname) {
  var segment = pathname.slice(ROOT.length).split("/")[0];
  return /^[a-z]{2,3}$/.test(segment) ? segment + "/" : "";
}
