/* Language choice: the switcher keeps the section (#anchor), a manual choice is remembered,
   and the site root sends a first-time visitor to the language their browser prefers. */
(function () {
  "use strict";
  var KEY = "rulebook-language";
  var LANGS = ["ja", "ko", "uk"];
  var DEFAULT = "ja"; // built at the site root
  var meta = function (name) {
    var el = document.querySelector('meta[name="' + name + '"]');
    return el ? el.getAttribute("content") : "";
  };
  var root = meta("rulebook-root") || ".";

  function currentSection() {
    if (location.hash) return location.hash;
    var active = document.querySelector(".md-nav--secondary .md-nav__link--active");
    var href = active && active.getAttribute("href");
    return href && href.charAt(0) === "#" ? href : "";
  }

  function remember(lang) {
    try { localStorage.setItem(KEY, lang); } catch (e) { /* private mode: nothing to keep */ }
  }

  function recalled() {
    try { return localStorage.getItem(KEY); } catch (e) { return null; }
  }

  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[hreflang]");
    if (!link || !link.closest(".md-select")) return;
    var lang = link.getAttribute("hreflang");
    remember(lang);
    var href = link.getAttribute("href").split("#")[0];
    // Capture phase and stopPropagation: our navigation, with the section, is the one that happens.
    event.preventDefault();
    event.stopPropagation();
    location.href = href + currentSection();
  }, true);

  // The root is the default language's home page; redirect from there only.
  if (meta("rulebook-page") === "" && document.documentElement.lang === DEFAULT) {
    var wanted = recalled();
    if (!wanted) {
      var prefs = navigator.languages || [navigator.language || ""];
      for (var i = 0; i < prefs.length && !wanted; i++) {
        var code = String(prefs[i]).toLowerCase().slice(0, 2);
        if (LANGS.indexOf(code) >= 0) wanted = code;
      }
    }
    if (wanted && wanted !== DEFAULT && LANGS.indexOf(wanted) >= 0) {
      location.replace(root.replace(/\/?$/, "/") + wanted + "/" + location.hash);
    }
  }
})();
