"""The rules site: its generators (no Sphinx), the lexers, the Sphinx build, and a browser.

The generators are tested as plain functions. The build needs graphviz's
``dot`` and the browser test Debian's ``chromium`` and ``chromium-driver``;
each is skipped when its tool is missing, unless HOTDEATH_REQUIRE_DOCS=1 or
HOTDEATH_REQUIRE_BROWSER=1 (CI sets both) makes the absence a failure.
"""

from __future__ import annotations

import functools
import os
import re
import shutil
import subprocess
import sys
import threading
import urllib.error
import urllib.parse
import urllib.request
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from pygments.lexers import get_lexer_by_name, get_lexer_for_filename
from pygments.token import Error

from hotdeath.lexers import HotDeathRulesLexer, HotDeathScenarioLexer
from hotdeath.resources import scenarios_dir, spec_dir
from hotdeath.site import diagrams, rst, sources
from hotdeath.site.gather import CardId, gather
from hotdeath.site.generate import pages
from hotdeath.site.names import CardPages, ruleset_doc, ruling_doc, scenario_doc
from hotdeath.site.related import families

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
HTML = DOCS / "_build" / "html"
SHOTS = DOCS / "_build" / "screenshots"


def _need(tool: str, env: str, why: str) -> None:
    if os.environ.get(env) == "1":
        pytest.fail(f"{why} is required here ({env}=1) but is missing")
    pytest.skip(f"{why} is not installed")


# -- lexers -------------------------------------------------------------------------------


def _errors(lexer, text: str) -> list[str]:
    return [value for token, value in lexer.get_tokens(text) if token in Error]


def test_every_rules_file_lexes_without_an_error_token():
    lexer = HotDeathRulesLexer()
    files = sorted(spec_dir().glob("*.hd"))
    assert files
    for path in files:
        assert _errors(lexer, path.read_text(encoding="utf-8")) == [], path


def test_every_scenario_lexes_without_an_error_token():
    lexer = HotDeathScenarioLexer()
    files = sorted(scenarios_dir().rglob("*.scn"))
    assert len(files) > 100
    bad = [str(p) for p in files if _errors(lexer, p.read_text(encoding="utf-8"))]
    assert bad == []


def test_the_lexers_are_registered_as_pygments_plugins():
    assert isinstance(get_lexer_by_name("hotdeath"), HotDeathRulesLexer)
    assert isinstance(get_lexer_by_name("hotdeath-scenario"), HotDeathScenarioLexer)
    assert isinstance(get_lexer_for_filename("x.scn"), HotDeathScenarioLexer)


def test_the_rules_lexer_tells_keywords_strings_and_calls_apart():
    tokens = list(HotDeathRulesLexer().get_tokens('card "X" {\n  on play { attack(2) }\n}\n'))
    kinds = {value: str(token) for token, value in tokens if value.strip()}
    assert kinds["card"].startswith("Token.Keyword")
    assert kinds['"X"'].startswith("Token.Literal.String")
    assert kinds["attack"] == "Token.Name.Function"
    assert kinds["2"].startswith("Token.Literal.Number")


# -- reST helpers and source blocks -----------------------------------------------------------


def test_rst_helpers_escape_and_slug():
    assert rst.esc("a *b* `c` |d|") == r"a \*b\* \`c\` \|d\|"
    assert rst.slug("A.B.C.") == "a-b-c"
    assert rst.slug("Jack o' the Moon") == "jack-o-the-moon"
    assert rst.role("hd:card", "r:X", "Y") == ":hd:card:`Y <r:X>`"
    table = rst.list_table(["a", "b"], [["1", "2\nmore"]])
    assert table[:2] == [".. list-table::", "   :header-rows: 1"]
    assert "       more" in table


def test_block_cutting_skips_braces_in_strings_and_comments(tmp_path):
    path = tmp_path / "x.hd"
    path.write_text('ruleset x "x"\ncard "A" {\n  cites 000 "h" "a } brace"  # } too\n'
                    '  on play { skip(1) }\n}\ncard "B" {\n}\n', encoding="utf-8")
    a, b = sources.blocks(str(path))
    assert (a.name, a.line, b.name) == ("A", 2, "B")
    assert a.text.endswith("on play { skip(1) }\n}")


def test_every_card_declaration_is_found_in_its_file(rulesets):
    for rs in rulesets.values():
        for kind in rs.kinds.values():
            found = sources.find(kind.path, "card", kind.name)
            assert found, (rs.ident, kind.name)
            assert found[0].text.startswith("card ")


# -- the generated pages (no Sphinx) ------------------------------------------------------


@pytest.fixture(scope="module")
def site(rulesets):
    return gather(rulesets)


@pytest.fixture(scope="module")
def generated(site):
    from hotdeath_harness.corpus import load_corpus

    corpus = load_corpus(scenarios_dir())
    return pages(site, corpus), pages(site, corpus)


def test_every_card_ruling_and_scenario_has_a_page(site, generated):
    texts, _ = generated
    card_pages = CardPages(site)
    for card in site.cards:
        assert f".. hd:card:: {card.target}" in texts[card_pages.doc(card)]
    for ident in site.ruling_home:
        assert f".. hd:ruling:: {ident}" in texts[ruling_doc(ident)]
    for info in site.scenarios:
        assert f".. hd:scenario:: {info.ident}" in texts[scenario_doc(info.ident)]
    for ident in site.rulesets:
        assert ruleset_doc(ident) in texts


def test_generation_is_deterministic(generated):
    first, second = generated
    assert first == second


def test_every_ruleset_in_spec_is_discovered(site):
    declared = set()
    for path in spec_dir().glob("*.hd"):
        m = re.search(r"^ruleset ([a-z0-9-]+)", path.read_text(encoding="utf-8"), re.M)
        assert m
        declared.add(m[1])
    assert set(site.rulesets) == declared


def test_a_card_page_shows_words_rules_rulings_and_traces(site, generated):
    texts, _ = generated
    card_pages = CardPages(site)
    traced = [c for c, ids in site.by_card.items() if ids]
    assert traced
    for card in traced:
        text = texts[card_pages.doc(card)]
        assert ".. code-block:: hotdeath" in text
        assert ".. hd:details::" in text and "result: PASS" in text
        assert "The seed's words" in text


def test_a_renamed_card_is_linked_to_its_original(site):
    """A card a ruleset 'calls' by a new name shares a family with the card it renames."""
    fams = {c: f for f in families(site) for c in f}
    renamed = [(c, e) for c, e in site.cards.items()
               if e.kind.called and site.rulesets[c.ruleset].extends]
    assert renamed
    for card, _ in renamed:
        parent = site.rulesets[card.ruleset].extends
        if card.name in site.rulesets[parent].kinds:
            assert CardId(parent, card.name) in fams[card]


def test_the_traces_are_those_hotdeath_run_prints(site, tmp_path):
    from click.testing import CliRunner

    from hotdeath.cli import main
    from hotdeath.site.cards import trace_text

    info = next(s for s in site.scenarios if s.trace is not None and s.trace.ok)
    result = CliRunner().invoke(main, ["run", info.path])
    assert trace_text(info) in result.output


def test_diagrams_are_dot_with_every_stacking_card(rulesets):
    for rs in rulesets.values():
        dot = diagrams.stacking(rs, {})
        assert dot.startswith("digraph") and dot.rstrip().endswith("}")
        for kind in rs.kinds.values():
            if kind.stack and kind.copies:
                assert diagrams.q("c:" + kind.name) in dot
    flow = diagrams.kernel_flow()
    assert "pending" in flow and "state checks" in flow


def test_the_generators_do_not_import_sphinx():
    code = ("import sys, hotdeath.site.generate, hotdeath.site.diagrams, hotdeath.lexers; "
            "sys.exit('sphinx' in sys.modules)")
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0


@pytest.mark.skipif(shutil.which("dot") is None, reason="graphviz's dot is not installed")
def test_every_diagram_renders_with_dot(rulesets, site):
    from hotdeath.suite.matrix import matrix
    from hotdeath_harness.corpus import load_corpus

    corpus = load_corpus(scenarios_dir())
    dots = [diagrams.kernel_flow()]
    for rs in rulesets.values():
        dots.append(diagrams.attack_answer(rs, matrix(rs, corpus, rulesets), {}))
        dots.append(diagrams.stacking(rs, {}))
        if diagrams.has_hierarchy(rs):
            dots.append(diagrams.draw_hierarchy(rs, {}))
    for dot in dots:
        done = subprocess.run(["dot", "-Tsvg"], input=dot, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        assert "<svg" in done.stdout


# -- the Sphinx build ---------------------------------------------------------------------


@pytest.fixture(scope="session")
def built_site() -> Path:
    if shutil.which("dot") is None:
        _need("dot", "HOTDEATH_REQUIRE_DOCS", "graphviz's dot (Debian package graphviz)")
    pytest.importorskip("sphinx")
    from hotdeath.site.build import sphinx_command

    if shutil.which("npm") is None:
        _need("npm", "HOTDEATH_REQUIRE_DOCS", "Node.js's npm (the in-page reference's build)")
    web = subprocess.run(["make", "-s", "web"], capture_output=True, text=True, cwd=ROOT)
    assert web.returncode == 0, web.stdout[-3000:] + web.stderr[-3000:]
    done = subprocess.run(sphinx_command(DOCS, HTML, strict=True), capture_output=True,
                          text=True, cwd=ROOT)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-5000:]
    return HTML


def test_the_site_builds_with_warnings_as_errors(built_site, site):
    assert (built_site / "index.html").exists()
    assert (built_site / "hd-index.html").exists()
    card_pages = CardPages(site)
    for card in site.cards:
        assert (built_site / f"{card_pages.doc(card)}.html").exists()
    for ident in site.ruling_home:
        assert (built_site / f"{ruling_doc(ident)}.html").exists()
    svgs = list((built_site / "_images").glob("*.svg"))
    assert svgs


# -- a browser ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def browser():
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver_path = shutil.which("chromedriver")
    if chromium is None or driver_path is None:
        _need("chromium", "HOTDEATH_REQUIRE_BROWSER", "chromium and chromium-driver")
    webdriver = pytest.importorskip("selenium.webdriver")
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    # The flags known to work here (a closed network refuses Chromium's background calls).
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-quic", "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--window-size=1400,1000",
                # no network but this machine: a page that needs a CDN fails here
                "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
    driver.set_page_load_timeout(60)
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def server(built_site):
    handler = functools.partial(_QuietHandler, directory=str(built_site))
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    httpd.shutdown()
    httpd.server_close()


class _QuietHandler(SimpleHTTPRequestHandler):
    served: list[str] = []  # every path asked for, in order (the page and its worker's)

    def log_request(self, code="-", size="-") -> None:
        self.served.append(self.path)

    def log_message(self, *args) -> None:
        pass


def _internal_links(driver, base: str) -> set[str]:
    hrefs = driver.execute_script(
        "return Array.from(document.querySelectorAll('a[href]')).map(a => a.href);")
    return {h.split("#")[0] for h in hrefs if h.startswith(base)}


def _status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=10) as answer:
            return answer.status
    except urllib.error.HTTPError as err:
        return err.code


def _svg_sizes(driver) -> list[tuple[int, int]]:
    """Width and height of each rendered diagram (an inline svg, an SVG object or image)."""
    return driver.execute_script("""
        const out = [];
        for (const o of document.querySelectorAll('object[type="image/svg+xml"]')) {
          const doc = o.contentDocument, svg = doc && doc.querySelector('svg');
          const box = svg ? svg.getBoundingClientRect() : {width: 0, height: 0};
          out.push([Math.round(box.width), Math.round(box.height)]);
        }
        for (const i of document.querySelectorAll('img[src$=".svg"]'))
          out.push([i.naturalWidth, i.naturalHeight]);
        return out;""")


def test_pages_render_in_chromium_with_diagrams_and_working_links(browser, server, site):
    card_pages = CardPages(site)
    # An attack card of a ruleset that extends another, exercised by some scenario.
    card = max(site.by_card, key=lambda c: (bool(site.by_card[c]),
                                            site.rulesets[c.ruleset].extends is not None,
                                            "attack" in site.cards[c].kind.categories,
                                            -len(site.by_card[c]), c.target))
    ruleset = card.ruleset
    targets = {"card": card_pages.doc(card), "matrix": f"generated/matrix/{ruleset}",
               "ruleset": ruleset_doc(ruleset), "kernel": "generated/kernel"}
    SHOTS.mkdir(parents=True, exist_ok=True)
    links: set[str] = set()
    for name, doc in targets.items():
        browser.get(urllib.parse.urljoin(server, doc + ".html"))
        assert "404" not in browser.title
        assert browser.find_element("css selector", "h1").text
        if name in ("ruleset", "kernel"):
            sizes = _svg_sizes(browser)
            assert sizes and all(w > 0 and h > 0 for w, h in sizes), sizes
        browser.save_screenshot(str(SHOTS / f"{name}.png"))
        links |= _internal_links(browser, server)
    assert links
    broken = sorted(url for url in links if _status(url) != 200)
    assert broken == []
    assert (SHOTS / "card.png").stat().st_size > 0


# -- the in-page reference, in the browser --------------------------------------------------

SCENARIO = "hot-death-1989/delay-blast-defended.scn"
"""A scenario with an attack answered and passed on: its trace has quotes in headings."""


def _wait(driver, script: str, timeout: float = 180.0):
    """Poll a JavaScript expression until it is truthy (Pyodide's first start is seconds)."""
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout, poll_frequency=0.25).until(
        lambda d: d.execute_script("return " + script))


def _scenario_url(server: str, ident: str) -> str:
    return urllib.parse.urljoin(server, scenario_doc(ident) + ".html")


def _run_in_page(browser) -> str:
    browser.execute_script("document.querySelector('.hd-run').click()")
    _wait(browser, "document.querySelector('.hd-workbench').dataset.result")
    return browser.execute_script("return document.querySelector('.hd-output').textContent")


def _open_editor(browser, url: str) -> None:
    browser.get(url)
    _wait(browser, "document.querySelector('.hd-edit')", 30)
    browser.execute_script("document.querySelector('.hd-edit').click()")
    _wait(browser, "!!document.querySelector('.hd-runner').hdView", 30)


def _editor_text(browser) -> str:
    return browser.execute_script(
        "return document.querySelector('.hd-runner').hdView.state.doc.toString()")


def _set_editor_text(browser, text: str) -> None:
    browser.execute_script(
        "const v = document.querySelector('.hd-runner').hdView;"
        "v.dispatch({changes: {from: 0, to: v.state.doc.length, insert: arguments[0]}});", text)


@pytest.fixture(scope="module")
def scenario_file() -> Path:
    return scenarios_dir() / SCENARIO


def test_a_scenario_page_runs_in_the_browser_and_prints_what_hotdeath_run_prints(
        browser, server, scenario_file):
    from click.testing import CliRunner

    from hotdeath.cli import main
    from hotdeath.scenario import compile_scenario_file

    ident = compile_scenario_file(scenario_file).ident
    _open_editor(browser, _scenario_url(server, ident))
    shown = _run_in_page(browser)
    status = browser.execute_script("return document.querySelector('.hd-status').textContent")
    expected = CliRunner().invoke(main, ["run", str(scenario_file)]).output
    assert shown + "\n" == expected
    assert "result: PASS" in shown and "started in" in status
    # The table is drawn from the run: one frame per step and the laid-out table.
    label = browser.execute_script(
        "return document.querySelector('.hd-workbench .hd-table-label').textContent")
    assert label.startswith("0/")
    # Everything the page fetched came from this server (the browser resolves no other
    # host): the runtime and the reference's zip among them, fetched by the worker.
    urls = browser.execute_script(
        "return performance.getEntriesByType('resource').map(e => e.name)")
    assert [u for u in urls if not u.startswith(server)] == []
    served = " ".join(_QuietHandler.served)
    assert "pyodide.asm.wasm" in served and "hotdeath.zip" in served
    browser.save_screenshot(str(SHOTS / "edit-and-run.png"))


def test_an_illegal_step_is_marked_at_its_line_in_the_editor(browser, server, scenario_file):
    from hotdeath.scenario import compile_scenario_file

    ident = compile_scenario_file(scenario_file).ident
    _open_editor(browser, _scenario_url(server, ident))
    _set_editor_text(browser, _editor_text(browser).replace("carol plays red holy_defender",
                                                            "carol plays blue 5"))
    shown = _run_in_page(browser)
    assert "rejected" in shown and "result: FAIL" in shown
    marked = _wait(browser, "Array.from(document.querySelectorAll('.cm-lintRange-error'))"
                   ".map(e => e.closest('.cm-line').textContent)", 30)
    assert marked == ["  carol plays blue 5"]


def test_a_shared_link_opens_the_same_scenario(browser, server, scenario_file):
    from hotdeath.scenario import compile_scenario_file

    ident = compile_scenario_file(scenario_file).ident
    _open_editor(browser, _scenario_url(server, ident))
    edited = _editor_text(browser).replace("blue 8", "blue 9")
    _set_editor_text(browser, edited)
    browser.execute_script("Array.from(document.querySelectorAll('.hd-button'))"
                           ".find(b => b.textContent === 'Share link').click()")
    link = browser.execute_script("return document.querySelector('.hd-share-link').value")
    assert "#scn=" in link
    browser.get("about:blank")
    browser.get(link)
    _wait(browser, "!!document.querySelector('.hd-runner').hdView", 30)
    assert _editor_text(browser) == edited
    # ... and the playground opens it too.
    play = browser.execute_script("return document.querySelector('a.hd-link').href")
    browser.get(play)
    _wait(browser, "!!(document.querySelector('#hd-playground .hd-workbench') || {}).hdView", 30)
    text = browser.execute_script(
        "return document.querySelector('#hd-playground .hd-workbench').hdView.state.doc"
        ".toString()")
    assert text == edited


def test_the_playground_runs_a_card_tried_from_its_page(browser, server):
    browser.get(urllib.parse.urljoin(server, "playground.html?ruleset=classic&card=Skip"))
    _wait(browser, "!!(document.querySelector('#hd-playground .hd-workbench') || {}).hdView", 30)
    # "Try this card" preselects the ruleset and the card in the picker's lists.
    chosen = browser.execute_script(
        "return ['.hd-pick-ruleset', '.hd-pick-card', '.hd-pick-face']"
        ".map(c => document.querySelector(c).value)")
    assert chosen[:2] == ["classic", "Skip"] and chosen[2].startswith("red ")
    assert f"hand alice: {chosen[2]}, " in _playground_text(browser)
    browser.execute_script("document.querySelector('.hd-run').click()")
    _wait(browser, "document.querySelector('#hd-playground .hd-workbench').dataset.result")
    shown = browser.execute_script("return document.querySelector('.hd-output').textContent")
    assert "alice plays red skip" in shown and "result: PASS" in shown
    browser.save_screenshot(str(SHOTS / "playground.png"))


def _playground_text(browser) -> str:
    return browser.execute_script(
        "return document.querySelector('#hd-playground .hd-workbench').hdView.state.doc"
        ".toString()")


def _table_lines(text: str) -> list[str]:
    lines = text.split("\n")
    return [line.strip() for line in lines[lines.index("table") + 1:lines.index("steps")]]


def _pick(browser, css: str, value: str) -> None:
    """Choose an option of a select, as a reader does (the change event fires)."""
    browser.execute_script(
        "const s = document.querySelector(arguments[0]); s.value = arguments[1];"
        "s.dispatchEvent(new Event('change'));", css, value)
    assert browser.execute_script("return document.querySelector(arguments[0]).value",
                                  css) == value


_ZONE = ("const z = Array.from(document.querySelectorAll('.hd-pick-zone'))"
         ".find(e => e.dataset.zone === arguments[0]);")


def _add_to(browser, zone: str) -> None:
    """Press a zone's add button: the card chosen in the lists goes there."""
    browser.execute_script(_ZONE + "z.querySelector('.hd-pick-add').click()", zone)


def _chips(browser, zone: str) -> list[str]:
    """The cards the picker shows in a zone (each chip's notation)."""
    return browser.execute_script(
        _ZONE + "return Array.from(z.querySelectorAll('.hd-pick-chip'))"
        ".map(c => c.title.split(':')[0])", zone)


def test_the_playground_lays_out_a_table_picked_from_lists(browser, server, rulesets):
    from hotdeath.site.bundle import playground_data

    ruleset = "hot-death-1989"
    cards = {c["name"]: c for c in next(r for r in playground_data(rulesets)
                                        if r["id"] == ruleset)["cards"]}
    skip = next(f for f in cards["Skip"]["faces"] if f.startswith("red "))
    eight = "blue 8"
    assert eight in cards["Number"]["faces"]
    browser.get(urllib.parse.urljoin(server, "playground.html"))
    _wait(browser, "!!document.querySelector('#hd-playground .hd-pick-zone')", 30)
    _pick(browser, ".hd-pick-ruleset", ruleset)
    assert f"ruleset {ruleset}" in _playground_text(browser)
    # The lists are the ruleset's cards and faces, as the checked rules give them.
    listed = browser.execute_script(
        "return Array.from(document.querySelectorAll('.hd-pick-card option'))"
        ".map(o => o.value)")
    assert listed == list(cards)
    # Seat dave, unseat carol, empty alice's hand and give her the Skip, put a card in the
    # pile: each pick writes the table block.
    browser.find_element("css selector", ".hd-pick-name").send_keys("dave")
    browser.execute_script("document.querySelector('.hd-pick-add-player').click()")
    browser.execute_script("Array.from(document.querySelectorAll('.hd-pick-player'))"
                           ".find(b => b.textContent.startsWith('carol')).click()")
    while _chips(browser, "alice's hand"):
        browser.execute_script(_ZONE + "z.querySelector('.hd-pick-chip').click()",
                               "alice's hand")
    _pick(browser, ".hd-pick-card", "Skip")
    _pick(browser, ".hd-pick-face", skip)
    _add_to(browser, "alice's hand")
    _pick(browser, ".hd-pick-card", "Number")
    _pick(browser, ".hd-pick-face", eight)
    _add_to(browser, "dave's hand")
    _add_to(browser, "alice's hand")
    _add_to(browser, "the pile")
    table = _table_lines(_playground_text(browser))
    assert table[0] == "players alice bob dave"
    assert f"hand alice: {skip}, {eight}" in table
    assert f"hand dave: {eight}" in table
    assert not any(line.startswith("hand carol") for line in table)
    assert [line for line in table if line.startswith("pile ")][0].endswith(f", {eight}")
    # The player writes the steps and runs them: the Skip passes over bob.
    text = _playground_text(browser)
    steps = text[:text.index("\nsteps\n")] + f"\nsteps\n  alice plays {skip}\n" \
        "  expect turn dave\n"
    steps = steps.replace(f"hand dave: {eight}\n", f"hand dave: {eight}, green 4\n")
    browser.execute_script(
        "const v = document.querySelector('#hd-playground .hd-workbench').hdView;"
        "v.dispatch({changes: {from: 0, to: v.state.doc.length, insert: arguments[0]}});", steps)
    browser.execute_script("document.querySelector('.hd-run').click()")
    _wait(browser, "document.querySelector('#hd-playground .hd-workbench').dataset.result")
    shown = browser.execute_script("return document.querySelector('.hd-output').textContent")
    assert f"alice plays {skip}" in shown and "result: PASS" in shown, shown
    # The picker redraws from the editor: the card written into dave's hand by hand shows.
    _wait(browser, "Array.from(document.querySelectorAll('.hd-pick-zone'))"
          ".find(z => z.dataset.zone === \"dave's hand\")"
          ".querySelectorAll('.hd-pick-chip').length === 2", 10)
    assert _chips(browser, "dave's hand") == [eight, "green 4"]
    SHOTS.mkdir(parents=True, exist_ok=True)
    browser.set_window_size(1400, 1700)  # the picker, the editor and the trace in one shot
    try:
        browser.execute_script("document.querySelector('#hd-playground').scrollIntoView()")
        assert browser.save_screenshot(str(SHOTS / "playground-picker.png"))
    finally:
        browser.set_window_size(1400, 1000)


def test_search_puts_the_exact_card_ruling_and_scenario_first(browser, server, site):
    card_pages = CardPages(site)
    holy = card_pages.doc(CardId("hot-death-1989", "Holy Defender")) + ".html"
    expected = {"holy defender": holy, "HD89-22": ruling_doc("HD89-22") + ".html",
                "hd89-0108": scenario_doc("hd89-0108") + ".html"}
    for query, page in expected.items():
        browser.get(urllib.parse.urljoin(server, "search.html?q="
                                         + urllib.parse.quote(query)))
        first = _wait(browser, "(document.querySelector('#hd-best a.hd-search-hit') || {}).href",
                      60)
        assert first == urllib.parse.urljoin(server, page), query
    # Type-ahead in the sidebar's box, grouped by kind, filtered by ruleset.
    browser.get(urllib.parse.urljoin(server, "index.html"))
    box = browser.find_element("css selector", 'input[name="q"]')
    box.send_keys("holy defender")
    first = _wait(browser, "(document.querySelector('.hd-search-box a.hd-search-hit') || {})"
                  ".href", 60)
    assert first == urllib.parse.urljoin(server, holy)
    groups = browser.execute_script("return Array.from(document.querySelectorAll("
                                    "'.hd-search-box .hd-search-group')).map(g => g.textContent)")
    assert groups[0] == "Cards" and len(groups) == len(set(groups))
    browser.execute_script("const s = document.querySelector('.hd-search-filter');"
                           "s.value = 'hot-death-deluxe'; s.dispatchEvent(new Event('change'));")
    rulesets = _wait(browser, "Array.from(document.querySelectorAll('.hd-search-box "
                     ".hd-search-rs')).map(e => e.textContent)", 30)
    assert rulesets and set(rulesets) == {"hot-death-deluxe"}


def test_pages_fit_a_phone_without_horizontal_overflow(browser, server, site):
    card_pages = CardPages(site)
    card = CardId("hot-death-1989", "Holy Defender")
    docs = [card_pages.doc(card), scenario_doc("hd89-0108"), "generated/matrix/hot-death-1989",
            ruleset_doc("hot-death-1989"), "guide/protocol", "playground"]
    browser.set_window_size(390, 844)
    try:
        for doc in docs:
            browser.get(urllib.parse.urljoin(server, doc + ".html"))
            wide = browser.execute_script(
                "return document.documentElement.scrollWidth - window.innerWidth")
            assert wide <= 0, (doc, wide)
        browser.save_screenshot(str(SHOTS / "phone.png"))
    finally:
        browser.set_window_size(1400, 1000)


def test_the_protocol_pages_links_to_schemas_and_changelog_resolve(browser, server):
    browser.get(urllib.parse.urljoin(server, "guide/protocol.html"))
    hrefs = browser.execute_script(
        "return Array.from(document.querySelectorAll('a[href]')).map(a => a.href)"
        ".filter(h => /schema|CHANGELOG/.test(h))")
    assert len(hrefs) >= 5
    broken = [h for h in hrefs if _status(h.split("#")[0]) != 200]
    assert broken == []


def test_traces_quote_headings_that_hold_quotes_once(built_site):
    page = (built_site / (scenario_doc("hd89-0108") + ".html")).read_text(encoding="utf-8")
    assert "&quot;&quot;DELAY BLAST" not in page and '""DELAY BLAST' not in page
    assert "DELAY BLAST&quot;-DRAW 4" in page or 'DELAY BLAST"-DRAW 4' in page
