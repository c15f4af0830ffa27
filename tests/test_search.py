"""Type into the header search box of the built site and check what comes back, per language."""

from __future__ import annotations

import pytest

GAME = "zombicide-1"
LANGUAGE_ROOT = {"ja": "/", "ko": "/ko/", "uk": "/uk/"}


def search(page_at, site_url: str, lang: str, query: str) -> list[str]:
    """Result links (paths with #anchor) for `query` typed on the skills page of `lang`."""
    return search_on(page_at(f"{site_url}{LANGUAGE_ROOT[lang]}{GAME}/skills/"), query)


def search_on(page, query: str) -> list[str]:
    """Result links for `query` typed into the header search of the open page, the box emptied first."""
    toggle = page.locator(".rb-search__toggle")
    if toggle.is_visible():  # a phone: the search button opens the search
        toggle.click()
    box = page.locator(".rb-search__input")
    box.click()
    box.fill("")  # no answer to an earlier query is left to be mistaken for this one's
    box.fill(query)
    box.press("End")  # a caret key after the text, as a typist presses: the answer must stay the same
    # Names show at once; full-text results follow: wait for both.
    return answer_links(page, "data-text", query)


# Waits until the list's `attribute` holds `query` (data-query or data-names: the names for it are
# shown; data-text: the full-text results too), then reads the result links: one round trip.
ANSWER_LINKS = """async ([attribute, query]) => {
  const output = document.querySelector('.rb-search__output');
  const deadline = Date.now() + 15000;
  while (!output || output.getAttribute(attribute) !== query) {
    if (Date.now() > deadline) throw new Error(`no ${attribute} for «${query}» within 15 s`);
    await new Promise(r => setTimeout(r, 5));
  }
  return Array.from(document.querySelectorAll('.rb-search__result a'), a => new URL(a.href).pathname + new URL(a.href).hash);
}"""


def answer_links(page, attribute: str, query: str) -> list[str]:
    return page.evaluate(ANSWER_LINKS, [attribute, query])


# For the sweeps over many queries: each is put into the open box and its answer read, all inside
# the page, so that a sweep costs one round trip instead of several per query. A sweep over names
# puts each query in as typing does (the value, then an input event of type insertText): the
# names answer at once and the next query comes before the pause that would start a full-text
# search. A full-text sweep puts each in as a paste does (insertFromPaste): full text is searched
# at once. Keys, input methods, real pastes and single queries are typed for real in this module
# and tests/test_search_control.py.
ANSWERS_OF_EACH = """async ([queries, attribute]) => {
  const box = document.querySelector('.rb-search__input');
  const output = document.querySelector('.rb-search__output');
  const link = a => new URL(a.href).pathname + new URL(a.href).hash;
  const answers = [];
  for (const query of queries) {
    box.value = query;
    const inputType = attribute === 'data-text' ? 'insertFromPaste' : 'insertText';
    box.dispatchEvent(new InputEvent('input', {bubbles: true, inputType}));
    const deadline = Date.now() + 15000;  // a search that never answers fails the test, not hangs it
    while (output.getAttribute(attribute) !== query) {
      if (Date.now() > deadline) throw new Error(`no ${attribute} for ${JSON.stringify(query)} in 15 s`);
      await new Promise(r => setTimeout(r, 1));
    }
    answers.push(attribute === 'data-text' ? Array.from(document.querySelectorAll('.rb-search__result a'), link)
      : Array.from(document.querySelectorAll('.rb-search__results > li'))
        .filter(li => !li.classList.contains('rb-search__group--text') && !li.classList.contains('rb-search__empty'))
        .map(li => Array.from(li.querySelectorAll('a'), link)));
  }
  return answers;
}"""


def name_rows_of_each(page, queries: list[str]) -> list[list[list[str]]]:
    """For each query, in the open search box of `page`: its rows of name results (a row is one
    result, or one name found in several games), each a list of links."""
    return page.evaluate(ANSWERS_OF_EACH, [queries, "data-names"])


def links_of_each(page, queries: list[str]) -> list[list[str]]:
    """For each query, in the open search box of `page`: every result link once the full-text
    results are in too."""
    return page.evaluate(ANSWERS_OF_EACH, [queries, "data-text"])


def skill_url(lang: str, skill: str) -> str:
    return f"{LANGUAGE_ROOT[lang]}{GAME}/skills/#{skill}"


def assert_same_language(lang: str, links: list[str]) -> None:
    others = [root for code, root in LANGUAGE_ROOT.items() if code != lang and root != "/"]
    for link in links:
        assert link.startswith(LANGUAGE_ROOT[lang]), link
        assert not any(link.startswith(other) for other in others), f"{link} is another language's page"


def name(project, skill: str, lang: str) -> str:
    return project.games[GAME].by_id("skill")[skill].name[lang]


@pytest.mark.parametrize("lang", ["ja", "ko", "uk"])
def test_a_skill_is_found_by_its_localized_name(page_at, site_url, project, lang):
    links = search(page_at, site_url, lang, name(project, "sniper", lang))
    assert links[0] == skill_url(lang, "sniper")
    assert_same_language(lang, links)


@pytest.mark.parametrize("lang", ["ja", "ko", "uk"])
def test_a_skill_is_found_by_a_prefix_of_its_name(page_at, site_url, project, lang):
    full = name(project, "slippery", lang)
    prefix = full[: max(2, len(full) // 2)]
    links = search(page_at, site_url, lang, prefix)
    assert links[0] == skill_url(lang, "slippery")
    assert_same_language(lang, links)


@pytest.mark.parametrize("lang", ["ja", "ko", "uk"])
def test_a_skill_is_found_by_its_english_name(page_at, site_url, lang):
    links = search(page_at, site_url, lang, "Slippery")
    assert links[0] == skill_url(lang, "slippery")
    assert_same_language(lang, links)


@pytest.mark.parametrize("lang", ["ja", "ko", "uk"])
def test_a_skill_is_found_by_an_alias_another_source_uses(page_at, site_url, lang):
    # The Japanese digest calls Slippery both スリッパリー and すばしっこい.
    links = search(page_at, site_url, lang, "すばしっこい")
    assert links[0] == skill_url(lang, "slippery")
    assert_same_language(lang, links)


@pytest.mark.parametrize("query, skill", [("слизького", "slippery"), ("снайпера", "sniper"), ("ніндзею", "ninja")])
def test_a_ukrainian_inflected_form_finds_the_skill(page_at, site_url, query, skill):
    links = search(page_at, site_url, "uk", query)
    assert links[0] == skill_url("uk", skill)
    assert_same_language("uk", links)


@pytest.mark.parametrize("suffix", ["는", "를", "의", "에게"])
def test_a_korean_name_with_a_particle_finds_the_skill(page_at, site_url, project, suffix):
    query = name(project, "ninja", "ko") + suffix
    links = search(page_at, site_url, "ko", query)
    assert links[0] == skill_url("ko", "ninja")
    assert_same_language("ko", links)


def test_a_japanese_compound_inside_a_sentence_is_found(page_at, site_url, project):
    # 最短ルート appears only inside running text (the zombies' movement), in no name.
    entities = [(g, e) for g in project.games.values() for e in g.entities.values()]
    holders = [(g, e) for g, e in entities if "最短ルート" in e.text.get("ja", "")]
    assert holders, "the test compound must occur in some Japanese text"
    assert not any("最短ルート" in n for _, e in entities for n in e.name.values())
    links = search(page_at, site_url, "ja", "最短ルート")
    assert links, "full-text search returned nothing"
    pages = {f"/{g.id}/{e.page}/" for g, e in holders}
    assert links[0].split("#")[0] in pages
    assert_same_language("ja", links)


def test_an_unknown_word_shows_no_result_rather_than_another_language(page_at, site_url):
    links = search(page_at, site_url, "ko", "zzqxv")
    assert links == []
    assert page_at(f"{site_url}/ko/{GAME}/skills/").locator(".rb-search__empty").is_visible()


def phrase_of(question: str) -> str:
    """A phrase from the middle of a question, as a reader remembers it (no references inside)."""
    words = question.rstrip("?？").split()
    if len(words) >= 4:  # Korean and Ukrainian: a run of whole words
        start = len(words) // 3
        return " ".join(words[start : start + 3])
    text = question.rstrip("?？")  # Japanese: a run of characters
    start = len(text) // 3
    return text[start : start + 8]


@pytest.mark.long(8)
@pytest.mark.parametrize("lang", ["ja", "ko", "uk"])
def test_every_faq_ruling_is_found_by_a_phrase_of_its_question(page_at, site_url, project, lang):
    rulings = project.games[GAME].of_kind("faq")
    assert len(rulings) >= 30
    faq_page = page_at(f"{site_url}{LANGUAGE_ROOT[lang]}{GAME}/faq/")
    faq_page.locator(".rb-search__input").click()
    queries = [phrase_of(ruling.fields["question"][lang]) for ruling in rulings]
    missed = []
    for ruling, query, links in zip(rulings, queries, links_of_each(faq_page, queries)):
        assert_same_language(lang, links)
        if f"{LANGUAGE_ROOT[lang]}{GAME}/faq/#{ruling.id}" not in links[:3]:
            missed.append((ruling.id, query, links[:3]))
    assert missed == []


def test_a_case_form_of_a_name_beats_the_same_word_as_another_entry_s_alias(page_at, site_url):
    # The 2nd edition's Brute has "Товстун" as an alias (one source's name for it); a case form
    # of the 1st edition's Fatty, whose name it is, must come first.
    links = search(page_at, site_url, "uk", "товстуна")
    assert links[0] == "/uk/zombicide-1/zombies/#fatty"
