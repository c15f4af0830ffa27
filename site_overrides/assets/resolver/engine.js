/* The resolver's rules engine: Pyodide and the generator's own model code in a Web Worker, so
   the page keeps answering taps while Python starts and while a situation is played.
   The page sends {type: "start", files, pyodide, engine, feed, extra, labels}, then
   {type: "resolve", id, situation}; the worker answers progress, ready, result or failed.
   Every byte is counted as it arrives (fetch is wrapped), so the page can show real progress. */
"use strict";

var resolver = null;
var total = 0;
var done = 0;

function progress(bytes) {
  done += bytes;
  self.postMessage({ type: "progress", done: Math.min(done, total), total: total });
}

// Count the bytes of every response Pyodide and this worker fetch, as they arrive.
var plainFetch = self.fetch.bind(self);
self.fetch = function (input, init) {
  return plainFetch(input, init).then(function (response) {
    if (!response.ok || !response.body) return response;
    var reader = response.body.getReader();
    var counted = new ReadableStream({
      pull: function (controller) {
        return reader.read().then(function (chunk) {
          if (chunk.done) { controller.close(); return; }
          progress(chunk.value.byteLength);
          controller.enqueue(chunk.value);
        });
      },
      cancel: function (why) { return reader.cancel(why); }
    });
    return new Response(counted, { status: response.status, statusText: response.statusText, headers: response.headers });
  });
};

function start(message) {
  total = message.total;
  importScripts(message.pyodide + "pyodide.js");
  progress(message.pyodideScript || 0);
  return self.loadPyodide({ indexURL: message.pyodide, fullStdLib: false })
    .then(function (pyodide) {
      self.postMessage({ type: "starting" });
      return Promise.all([
        self.fetch(message.engine).then(function (r) { return r.arrayBuffer(); }),
        self.fetch(message.feed).then(function (r) { return r.text(); })
      ]).then(function (parts) {
        pyodide.unpackArchive(new Uint8Array(parts[0]), "zip", { extractDir: "/engine" });
        pyodide.runPython("import sys\nsys.path.insert(0, '/engine')\nimport generator.resolver.browser");
        var browser = pyodide.pyimport("generator.resolver.browser");
        browser.start(parts[1], JSON.stringify(message.extra), JSON.stringify(message.labels));
        resolver = browser;
        self.postMessage({ type: "ready" });
      });
    });
}

self.onmessage = function (event) {
  var message = event.data || {};
  if (message.type === "start") {
    start(message).catch(function (error) {
      self.postMessage({ type: "failed", why: String(error && error.message || error).slice(0, 300) });
    });
  } else if (message.type === "resolve" && resolver) {
    var began = performance.now();
    var answer;
    try {
      answer = JSON.parse(resolver.resolve(JSON.stringify(message.situation)));
    } catch (error) {
      answer = { failed: String(error && error.message || error).slice(-600) };
    }
    self.postMessage({ type: "result", id: message.id, answer: answer, ms: performance.now() - began });
  }
};
