/* Language choice: the switcher keeps the section (#anchor) and a manual choice is remembered
   (the site root reads it, with the browser's languages, before painting: main.html). */
(function () {
  "use strict";
  var KEY = "rulebook-language";

  // The section being read: the hash while its heading is on screen, else the last heading
  // scrolled to under the header (Material's table of contents marks the one before it).
  function currentSection() {
    var header = document.querySelector(".md-header");
    var offset = (header ? header.getBoundingClientRect().bottom : 0) + 8;
    var target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (target) {
      var top = target.getBoundingClientRect().top;
      if (top >= 0 && top < window.innerHeight) return location.hash;
    }
    var headings = document.querySelectorAll(".md-content h2[id], .md-content h3[id], .md-content h4[id]");
    var current = "";
    for (var i = 0; i < headings.length; i++) {
      if (headings[i].getBoundingClientRect().top <= offset) current = "#" + headings[i].id;
      else break;
    }
    return current;
  }

  function remember(lang) {
    try { localStorage.setItem(KEY, lang); } catch (e) { /* private mode: nothing to keep */ }
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

  // The site root's redirect to the reader's language runs in the page head (main.html).
})();
