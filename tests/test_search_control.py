"""The header search as a control, on a phone (390×844) and a desktop (1280×900): a combobox with
a listbox, keys that behave, an input method that is never cut short, results that fit the screen."""

from __future__ import annotations

import time

import pytest

from tests.conftest import kept_page

VIEWPORTS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 900}}
LANGUAGE_ROOT = {"ja": "/", "ko": "/ko/", "uk": "/uk/"}
GAME = "zombicide-1"
TAP = 44  # px: the smallest tap target


@pytest.fixture(params=list(VIEWPORTS))
def view(request, browser):
    phone = request.param == "phone"
    for page in kept_page(browser, request, VIEWPORTS[request.param], locale="ja-JP", has_touch=phone):
        page.viewport_name = request.param
        yield page


def skill(project, skill_id: str, lang: str = "ja") -> str:
    return project.games[GAME].by_id("skill")[skill_id].name[lang]


def open_box(page, site_url: str, lang: str = "ja", path: str = f"{GAME}/skills/"):
    """Go to a page and bring up the search box as a reader would (on a phone: the search button)."""
    page.goto(f"{site_url}{LANGUAGE_ROOT[lang]}{path}")
    toggle = page.locator(".rb-search__toggle")
    if page.viewport_name == "phone":
        assert toggle.is_visible(), "a phone shows a search button in the header"
        toggle.click()
    else:
        assert not toggle.is_visible()
        page.locator(".rb-search__input").click()
    box = page.locator(".rb-search__input")
    assert box.is_visible() and box.evaluate("el => el === document.activeElement")
    return box


def type_query(page, box, query: str):
    box.press_sequentially(query)
    page.wait_for_function(
        "q => document.querySelector('.rb-search__output').getAttribute('data-names') === q", arg=query
    )


def options(page):
    """The results listed (not the row that shows more of them)."""
    return page.locator(".rb-search__results [role=option]:not([data-more])")


def path_and_hash(page) -> str:
    url = page.evaluate("location.pathname + location.hash")
    return url


def test_the_box_is_a_combobox_with_a_listbox_and_a_live_count(view, site_url, project):
    box = open_box(view, site_url, "uk")
    assert box.get_attribute("role") == "combobox"
    assert box.get_attribute("aria-expanded") == "false"
    assert box.get_attribute("aria-label")
    listbox = view.locator("#" + box.get_attribute("aria-controls"))
    assert listbox.get_attribute("role") == "listbox"
    type_query(view, box, skill(project, "slippery", "uk"))
    assert box.get_attribute("aria-expanded") == "true"
    count = options(view).count()
    assert count >= 1
    labels = project.labels
    form = (
        "one"
        if count % 10 == 1 and count % 100 != 11
        else "few"
        if 2 <= count % 10 <= 4 and not 12 <= count % 100 <= 14
        else "many"
    )
    status = view.locator(".rb-search [role=status]")
    assert status.get_attribute("aria-live") == "polite"
    assert status.text_content() == labels[f"search-count-{form}"]["uk"].replace("{n}", str(count))


def test_arrow_keys_move_through_the_results_and_enter_opens_the_active_one(view, site_url, project):
    box = open_box(view, site_url)
    type_query(view, box, "スナ")  # several results: スナイパー and more
    assert options(view).count() >= 2
    assert box.get_attribute("aria-activedescendant") is None
    box.press("ArrowDown")
    first = options(view).nth(0)
    assert box.get_attribute("aria-activedescendant") == first.get_attribute("id")
    assert first.get_attribute("aria-selected") == "true"
    box.press("ArrowDown")
    second = options(view).nth(1)
    assert box.get_attribute("aria-activedescendant") == second.get_attribute("id")
    assert first.get_attribute("aria-selected") == "false"
    box.press("ArrowUp")
    box.press("ArrowDown")
    target = second.locator("a").get_attribute("href")
    expected = view.evaluate("href => { const u = new URL(href, location.href); return u.pathname + u.hash; }", target)
    box.press("Enter")
    view.wait_for_function("url => location.pathname + location.hash === url", arg=expected)


@pytest.mark.parametrize("shortcut", ["/", "Control+k"])
def test_slash_or_ctrl_k_brings_the_search_box(view, site_url, shortcut):
    view.goto(f"{site_url}/{GAME}/skills/")
    view.locator("article h1, article h2").first.click()  # reading the page, nothing focused
    view.keyboard.press(shortcut)
    box = view.locator(".rb-search__input")
    assert box.is_visible()
    assert box.evaluate("el => el === document.activeElement")
    assert box.input_value() == ""  # the key itself is not typed into the box


def test_a_result_on_the_current_page_closes_the_list(view, site_url, project):
    box = open_box(view, site_url)
    type_query(view, box, skill(project, "ninja"))
    box.press("Enter")
    view.wait_for_function("location.hash === '#ninja'")
    assert view.locator(".rb-search__output").is_hidden()
    if view.viewport_name == "phone":
        assert box.is_hidden(), "the full-width search closes to show the section"
    # The section it jumped to is not covered by anything of the search.
    heading = view.locator("#ninja").bounding_box()
    covering = view.evaluate(
        "([x, y]) => !!document.elementFromPoint(x, y).closest('.rb-search')",
        [heading["x"] + 5, heading["y"] + heading["height"] / 2],
    )
    assert not covering


def test_a_click_on_a_result_on_the_current_page_closes_the_list(view, site_url, project):
    box = open_box(view, site_url)
    type_query(view, box, skill(project, "sniper"))
    options(view).first.click()
    view.wait_for_function("location.hash === '#sniper'")
    assert view.locator(".rb-search__output").is_hidden()


def test_enter_while_an_input_method_is_composing_never_navigates(view, site_url, project):
    box = open_box(view, site_url)
    type_query(view, box, skill(project, "ninja"))
    before = path_and_hash(view)
    # What Chromium sends while a Japanese or Korean IME converts: isComposing, keyCode 229.
    view.evaluate("""() => {
      const box = document.querySelector('.rb-search__input');
      box.dispatchEvent(new KeyboardEvent('keydown', {key: 'Enter', isComposing: true, bubbles: true, cancelable: true}));
      const e = new KeyboardEvent('keydown', {key: 'Process', bubbles: true, cancelable: true});
      Object.defineProperty(e, 'keyCode', {value: 229});
      box.dispatchEvent(e);
      const legacy = new KeyboardEvent('keydown', {key: 'Enter', bubbles: true, cancelable: true});
      Object.defineProperty(legacy, 'keyCode', {value: 229});
      box.dispatchEvent(legacy);
    }""")
    view.wait_for_timeout(300)
    assert path_and_hash(view) == before
    assert view.locator(".rb-search__output").is_visible()


def test_enter_before_the_results_arrive_does_nothing(view, site_url, project):
    release = []
    view.route("**/assets/names/**", lambda route: release.append(route))
    box = open_box(view, site_url)
    before = path_and_hash(view)
    box.press_sequentially(skill(project, "ninja"))
    box.press("Enter")
    view.wait_for_timeout(200)
    assert path_and_hash(view) == before
    for route in release:
        route.continue_()
    view.wait_for_selector(".rb-search__output[data-names]", state="attached")
    view.wait_for_timeout(300)
    assert path_and_hash(view) == before, "an early Enter must not fire later"


def test_enter_acts_on_the_current_query_never_on_the_list_before_it(view, site_url, project):
    box = open_box(view, site_url)
    type_query(view, box, skill(project, "ninja"))
    box.fill("")
    box.press_sequentially(skill(project, "sniper"))
    box.press("Enter")  # at once: the list of the query before must not be the one acted on
    view.wait_for_timeout(300)
    assert not path_and_hash(view).endswith("#ninja")
    assert path_and_hash(view).endswith("#sniper")


def test_a_pasted_query_is_searched_in_full_text_at_once_a_typed_one_after_a_pause(browser, site_url, project):
    """Typing waits for a pause before the full-text search, which costs more than the names; a
    paste brings the whole query at once. The page's clock is stopped: only a search that does
    not wait for a pause can answer. (A context of its own: a page's clock cannot be put back.)"""
    context = browser.new_context(
        viewport=VIEWPORTS["phone"],
        has_touch=True,
        locale="ja-JP",
        service_workers="block",
        permissions=["clipboard-read", "clipboard-write"],
    )
    try:
        page = context.new_page()
        page.viewport_name = "phone"
        box = open_box(page, site_url)
        type_query(page, box, skill(project, "ninja"))  # a reader who searched before: the indexes are in
        page.wait_for_selector(".rb-search__output[data-text]", state="attached")
        page.clock.install()
        page.clock.pause_at(page.evaluate("Date.now()") + 1000)
        typed = skill(project, "sniper")
        box.fill("")
        type_query(page, box, typed)  # its names are shown...
        assert page.locator(".rb-search__output").get_attribute("data-text") is None
        page.clock.run_for(1000)  # ...and its full text once the typing has paused
        page.wait_for_selector(f'.rb-search__output[data-text="{typed}"]', state="attached")
        pasted = skill(project, "slippery")
        page.evaluate("text => navigator.clipboard.writeText(text)", pasted)
        box.fill("")
        box.press("ControlOrMeta+V")
        assert box.input_value() == pasted
        # The clock is still stopped: a search waiting for a pause would never answer.
        page.wait_for_selector(f'.rb-search__output[data-text="{pasted}"]', state="attached", timeout=10_000)
        assert page.locator(".rb-search__result a").count() >= 1
    finally:
        context.close()


def test_escape_closes_the_list_and_keeps_the_query(view, site_url, project):
    box = open_box(view, site_url)
    query = skill(project, "slippery")
    type_query(view, box, query)
    assert view.locator(".rb-search__output").is_visible()
    box.press("Escape")
    assert view.locator(".rb-search__output").is_hidden()
    view.wait_for_timeout(600)  # the full text, come meanwhile, does not open it again
    assert view.locator(".rb-search__output").is_hidden()
    assert box.input_value() == query
    assert box.get_attribute("aria-expanded") == "false"
    box.press("ArrowDown")  # the list comes back with the same query
    assert view.locator(".rb-search__output").is_visible()


def within(box, viewport) -> bool:
    return (
        box["x"] >= -0.5
        and box["y"] >= -0.5
        and box["x"] + box["width"] <= viewport["width"] + 0.5
        and box["y"] + box["height"] <= viewport["height"] + 0.5
    )


@pytest.mark.parametrize("lang", ["ja", "ko", "uk"])
def test_results_are_fully_on_screen_with_large_tap_targets(view, site_url, project, lang):
    viewport = VIEWPORTS[view.viewport_name]
    box = open_box(view, site_url, lang)
    type_query(view, box, skill(project, "sniper", lang))
    view.wait_for_selector(".rb-search__output[data-text]", state="attached")
    output = view.locator(".rb-search__output").bounding_box()
    assert within(output, viewport), f"results box {output} leaves the {viewport} screen"
    panel = view.locator(".rb-search__panel").bounding_box()
    assert within(panel, viewport), f"search panel {panel} leaves the screen"
    links = view.locator(".rb-search__result a")
    assert links.count() >= 1
    for i in range(links.count()):
        link = links.nth(i).bounding_box()
        assert link["height"] >= TAP and link["width"] >= TAP, f"result {i}: {link}"
        if link["y"] + link["height"] <= output["y"] + output["height"]:  # the ones shown without scrolling
            assert within(link, viewport)
    if view.viewport_name == "phone":
        assert box.bounding_box()["width"] >= viewport["width"] * 0.6, "the phone search is full width"
        for control in (".rb-search__close",):
            size = view.locator(control).bounding_box()
            assert size["width"] >= TAP and size["height"] >= TAP
        placeholder = box.get_attribute("placeholder")
        assert box.evaluate("el => el.scrollWidth <= el.clientWidth"), f"placeholder {placeholder!r} is cut"


def test_the_phone_search_button_is_a_large_tap_target_and_escape_closes_the_search(view, site_url):
    view.goto(f"{site_url}/uk/{GAME}/skills/")
    toggle = view.locator(".rb-search__toggle")
    if view.viewport_name != "phone":  # a desktop header has room for the box itself
        assert toggle.is_hidden() and view.locator(".rb-search__input").is_visible()
        return
    size = toggle.bounding_box()
    assert size["width"] >= TAP and size["height"] >= TAP
    assert toggle.get_attribute("aria-label")
    assert toggle.get_attribute("aria-expanded") == "false"
    toggle.click()
    assert toggle.get_attribute("aria-expanded") == "true"
    box = view.locator(".rb-search__input")
    box.press("Escape")
    assert box.is_hidden()
    assert toggle.evaluate("el => el === document.activeElement")


def test_grouped_result_on_a_home_page_labels_each_edition(view, site_url, project):
    box = open_box(view, site_url, "uk", "")
    type_query(view, box, skill(project, "slippery", "uk"))
    group = view.locator(".rb-search__results > li").first
    links = group.locator("a")
    hrefs = links.evaluate_all("els => els.map(a => new URL(a.href).pathname + new URL(a.href).hash)")
    games = [game.id for game in project.games.values() if "slippery" in game.by_id("skill")]
    assert len(games) >= 2, "the test needs a skill of both editions"
    assert [h for h in hrefs if "#slippery" in h] and all(any(f"/{g}/" in h for h in hrefs) for g in games)
    texts = [links.nth(i).inner_text() for i in range(links.count())]
    for game_id in games:
        assert any(project.games[game_id].name["uk"] in t for t in texts), texts


def test_full_text_that_comes_late_never_reopens_a_list_closed_by_a_choice(view, site_url, project):
    """Enter on a name of the current page while the full text is on its way: when it comes, the
    list stays closed and is not filled. The full text's word lists are held back until after the
    choice, so the order does not depend on the machine's speed."""
    held, released = [], []
    view.route("**/search/k*.json*", lambda route: route.continue_() if released else held.append(route))
    box = open_box(view, site_url)
    type_query(view, box, skill(project, "ninja"))
    deadline = time.monotonic() + 10
    while not held and time.monotonic() < deadline:  # the full text has asked for its word lists
        view.wait_for_timeout(50)
    assert held, "the full-text search never started"
    box.press("Enter")
    view.wait_for_function("location.hash === '#ninja'")
    released.append(True)
    for route in held:
        route.continue_()
    view.wait_for_load_state("networkidle")
    view.wait_for_timeout(300)
    assert view.locator(".rb-search__output").is_hidden()
    assert view.locator(".rb-search__output").get_attribute("data-text") is None


def test_a_choice_within_the_typing_pause_cancels_the_full_text(browser, site_url, project):
    """Enter on a name of the current page before the typing has paused: the full-text search is
    never made. The page's clock is stopped, so the pause cannot pass before the choice. (A context
    of its own: a page's clock cannot be put back.)"""
    context = browser.new_context(viewport=VIEWPORTS["phone"], has_touch=True, locale="ja-JP", service_workers="block")
    try:
        page = context.new_page()
        page.viewport_name = "phone"
        asked = []
        page.on("request", lambda request: "/search/k" in request.url and asked.append(request.url))
        box = open_box(page, site_url)
        page.clock.install()
        page.clock.pause_at(page.evaluate("Date.now()") + 1000)
        type_query(page, box, skill(project, "ninja"))
        box.press("Enter")
        page.wait_for_function("location.hash === '#ninja'")
        page.clock.run_for(2000)  # the pause has long passed
        page.wait_for_timeout(300)
        assert asked == []
        assert page.locator(".rb-search__output").is_hidden()
        assert page.locator(".rb-search__output").get_attribute("data-text") is None
    finally:
        context.close()


@pytest.mark.parametrize("game, other", [("zombicide-2", "zombicide-1"), ("zombicide-1", "zombicide-2")])
def test_on_a_game_s_page_its_own_entry_comes_first(page, site_url, game, other):
    """One edition's source calls the 2nd edition's Brute by the 1st edition's name for the Fatty:
    on a page of either edition, that edition's zombie comes first."""
    page.goto(f"{site_url}/uk/{game}/zombies/")
    box = page.locator(".rb-search__input")
    box.click()
    box.fill("товстун")
    page.wait_for_selector('.rb-search__output[data-names="товстун"]', state="attached")
    first = page.locator(".rb-search__result a").first.evaluate("a => new URL(a.href).pathname + new URL(a.href).hash")
    own = {"zombicide-1": "/uk/zombicide-1/zombies/#fatty", "zombicide-2": "/uk/zombicide-2/zombies/#brute"}
    assert first == own[game]
    others = page.locator(".rb-search__result a").evaluate_all(
        "els => els.map(a => new URL(a.href).pathname + new URL(a.href).hash)"
    )
    assert own[other] in others  # the other edition's zombie is still offered


def test_on_the_home_page_the_game_last_read_comes_first_and_enter_opens_it(page, site_url, project):
    name = project.games["zombicide-2"].by_id("skill")["slippery"].name["ja"]

    def first_link():
        page.goto(f"{site_url}/")
        box = page.locator(".rb-search__input")
        box.click()
        box.fill(name)
        page.wait_for_selector(f'.rb-search__output[data-names="{name}"]', state="attached")
        return page.locator(".rb-search__result a").first.evaluate(
            "a => new URL(a.href).pathname + new URL(a.href).hash"
        )

    # No game read yet: the editions in the site's order, each labelled (Enter opens the first).
    assert first_link() == "/zombicide-1/skills/#slippery"
    page.goto(f"{site_url}/zombicide-2/zombies/")  # a page of the 2nd edition read
    assert first_link() == "/zombicide-2/skills/#slippery"
    page.locator(".rb-search__input").press("Enter")
    page.wait_for_function("location.pathname.endsWith('/zombicide-2/skills/') && location.hash === '#slippery'")


def test_the_searched_words_are_marked_on_the_page_a_full_text_result_opens(view, site_url):
    box = open_box(view, site_url)
    query = "最短ルート"  # in running text only, on another page than the skills
    box.fill(query)
    box.press("End")
    view.wait_for_selector(f'.rb-search__output[data-text="{query}"]', state="attached")
    text_rows = view.locator(".rb-search__result--text a")
    assert text_rows.count()
    text_rows.first.click()
    view.wait_for_selector("mark.rb-highlight")
    marks = view.locator("mark.rb-highlight")
    assert {marks.nth(i).inner_text() for i in range(marks.count())} == {query}
    assert marks.first.evaluate("m => !!m.closest('[data-search-body]')")
