"""The room page (``book/play/room.ipynb``: ``play/room.html`` on the static site, and on Voilà): play with
friends at their own devices, or a teacher's class of tables.

The address says what to show: ``?room=CODE`` a table (this device's seat taken back by its token, else
a name and *Take a seat*, or *Watch*); ``?class=CODE`` the class's tables for the teacher who opened it;
otherwise the forms to open a table (the game, who sits at each seat, your name) or a class's tables.
``lang`` as on every page. The table is a :class:`widgets.table_view.TableView` that draws the snapshots
the server sends this device and sends its clicks back as intents; the page's Python never holds the
game. Where the site has no room server the page says so and offers the table at one device.
"""

from __future__ import annotations

from html import escape
from typing import Any, Callable
from urllib.parse import parse_qsl, quote

import ipywidgets as W

import comet
from comet_render.i18n import words
from comet_render.words import game_title
from widgets import browser
from widgets.common import FONT, UserError, emphasize, safe
from widgets.controllers.checks import BOT_KINDS, BOT_TITLES, DEFAULT_VARIANT, LANGUAGE_CODES, PERSON, clean_name
from widgets.controllers.room import RoomClient
from widgets.room_link import Link, room_page, room_server_known, socket_url
from widgets.room_parts import ROOM_CSS, class_html, seats_html, share_html
from widgets.table_view import TableView

MAX_SEATS = 8
ROOM_PARAMETERS = ("room", "class", "variant", "players", "lang")


class RoomPage(W.VBox):
    """The page (see the module's docstring); ``server``: the room server's address ("" if none; None: not
    known, the build's picture); ``page``: this page's address, for links and QR codes; ``storage``: where
    the tokens are kept (the browser's, :mod:`widgets.browser`, by default)."""

    def __init__(self, query: str = "", server: str | None = "", page: str = "",
                 storage: tuple[Callable[[str], str | None], Callable[[str, str], None]] | None = None) -> None:
        super().__init__(layout=W.Layout(width="100%", max_width="1100px"))
        from website.page_text import heading_html

        given = dict(parse_qsl(query.lstrip("?")[:2000], max_num_fields=10))
        self.lang = given.get("lang", "en") if given.get("lang") in LANGUAGE_CODES else "en"
        _ = words(self.lang)
        self.add_class("comet-room")
        self.add_class(f"comet-lang-{self.lang}")
        self.server, self.page = server, page
        self.asked_room, self.asked_class = given.get("room", "").upper(), given.get("class", "").upper()
        self.errors = 0
        self._busy = False
        stored, store = storage or (browser.stored, browser.store)
        self.client = RoomClient(self._to_server, self.lang, stored, store)
        self.client.listeners.append(self._draw)
        self.link = Link(socket_url(server), self.client.receive, self._connection) if server else None
        """The websocket (None: no server, or not known yet: the build's picture of the page)."""
        self.connection = "closed"
        teacher = bool(self.asked_class)
        self.heading = W.HTML(heading_html(_("Teacher's view") if teacher else _("Play with friends"), _(
            "Friends or a class at their own devices, around one table: the server deals and referees, and each device "
            "sees only its own hand."), self.lang, query))
        self.status = W.HTML()
        self.table = TableView(self.client.play)
        self.table.add_class("comet-play")
        self.share = W.HTML()
        self.share.add_class("comet-room-share-box")
        self.seats = W.HTML()
        self.seats.add_class("comet-room-seats-box")
        self._forms(given)
        self.teacher = W.VBox()
        self.class_view = W.HTML()
        self.class_view.add_class("comet-room-class-view")
        self.openers = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.looks = W.VBox()
        self._look_views: dict[str, tuple[W.VBox, W.HTML, TableView]] = {}
        self.teacher.children = [self.class_view, self.openers, self.looks]
        self._draw()

    # ------------------------------------------------------------------ the forms
    def _forms(self, given: dict[str, str]) -> None:
        _ = words(self.lang)
        variant = given.get("variant") if given.get("variant") in comet.VARIANTS else DEFAULT_VARIANT
        self.game = W.Dropdown(options=[(game_title(v, self.lang), vid) for vid, v in comet.VARIANTS.items()],
                               value=variant, description=_("Game"), layout=W.Layout(width="340px", max_width="100%"))
        self.players = W.Dropdown(description=_("Players"), layout=W.Layout(width="160px"))
        kinds = [(_("Person"), PERSON)] + [(_(BOT_TITLES[k]), k) for k in BOT_KINDS]
        self.seat_kinds = [W.Dropdown(options=kinds, value=PERSON, description=_("Seat {n}", n=s + 1),
                                      layout=W.Layout(width="230px")) for s in range(MAX_SEATS)]
        self.seat_kinds[0].options = [(_("You"), PERSON)]
        self.name = W.Text(description=_("Your name"), placeholder=_("Name"), layout=W.Layout(width="260px"))
        auto = W.Layout(width="auto")
        self.create_button = W.Button(description=_("Open a table"), layout=auto,
                                      tooltip=_("Open a table for these seats and get its code"))
        self.tables = W.BoundedIntText(value=4, min=1, max=16, description=_("Tables"), layout=W.Layout(width="160px"))
        self.class_name = W.Text(description=_("Class"), placeholder=_("e.g. 4B"), layout=W.Layout(width="260px"))
        self.class_button = W.Button(description=_("Open the tables for a class"), layout=auto,
                                     tooltip=_("Open this many tables of the game, and see them all in the teacher's view"))
        self.join_button = W.Button(description=_("Take a seat"), layout=auto)
        self.watch_button = W.Button(description=_("Watch"), tooltip=_("See the table without a hand"), layout=auto)
        for main in (self.create_button, self.join_button):
            emphasize(main)
        for w, name in ((self.game, "game"), (self.players, "players"), (self.name, "name"),
                        (self.create_button, "create"), (self.tables, "tables"), (self.class_name, "class-name"),
                        (self.class_button, "class"), (self.join_button, "join"), (self.watch_button, "watch"),
                        *((k, f"seat-{s}") for s, k in enumerate(self.seat_kinds))):
            w.add_class(f"comet-room-{name}")  # (for scripts and the browser tests)
        self.game.observe(self._on_game, names="value")
        self.create_button.on_click(self._on_create)
        self.class_button.on_click(self._on_class)
        self.join_button.on_click(self._on_join)
        self.watch_button.on_click(self._on_watch)
        self.players.observe(self._on_players, names="value")
        self._on_game()
        if given.get("players", "").isdigit() and int(given["players"]) in comet.VARIANTS[self.game.value].players:
            self.players.value = int(given["players"])
        box = W.Layout(flex_flow="row wrap")
        self.seat_box = W.HBox(self.seat_kinds, layout=box)
        self.create_form = W.VBox([
            W.HTML(f'<h2 style="{FONT}font-size:1.1rem;margin:.4rem 0">{escape(_("A table for friends"))}</h2>'),
            W.HBox([self.game, self.players], layout=box), self.seat_box, W.HBox([self.name, self.create_button],
                                                                                  layout=box),
            W.HTML(f'<h2 style="{FONT}font-size:1.1rem;margin:.8rem 0 .2rem">{escape(_("Tables for a class"))}</h2>'
                   f'<p style="{FONT}margin:0">{escape(_("A teacher opens several tables of the game above at once, gives each group its code, and follows every table."))}</p>'),
            W.HBox([self.tables, self.class_name, self.class_button], layout=box)])
        self.join_form = W.VBox([W.HTML(), W.HBox([self.name, self.join_button, self.watch_button], layout=box)])

    def _on_game(self, change: Any = None) -> None:
        v = comet.VARIANTS[self.game.value]
        keep = self.players.value if self.players.value in v.players else (2 if 2 in v.players else v.players.start)
        self.players.options = [(str(n), n) for n in v.players]
        self.players.value = keep
        self._on_players()

    def _on_players(self, change: Any = None) -> None:
        for s, kind in enumerate(self.seat_kinds):
            kind.layout.display = "" if s < (self.players.value or 0) else "none"

    def _seats(self) -> list[str]:
        return [str(k.value) for k in self.seat_kinds[:self.players.value]]

    def _my_name(self) -> str:
        name = clean_name(self.name.value)
        if not name:
            raise UserError(words(self.lang)("Your name is needed, so that the others know who plays."))
        return name

    @safe
    def _on_create(self, b: Any) -> None:
        self.client.create(self.game.value, self.players.value, self._seats(), self._my_name(), self.page)

    @safe
    def _on_class(self, b: Any) -> None:
        self.client.open_class(self.game.value, self.players.value, self._seats(), int(self.tables.value),
                               clean_name(self.class_name.value), self.page)

    @safe
    def _on_join(self, b: Any) -> None:
        self.client.join(self.asked_room, self._my_name(), self.page)

    @safe
    def _on_watch(self, b: Any) -> None:
        self.client.watch(self.asked_room)

    # ------------------------------------------------------------------ the connection
    def start(self) -> "RoomPage":
        """Connect (where a loop runs), and take back this device's seat or class if it has one."""
        if self.link is None:
            return self
        if self.asked_room and self.client.token_for(self.asked_room):
            self.client._wants = {"type": "join", "room": self.asked_room, "token": self.client.token_for(self.asked_room)}
        elif self.asked_class and self.client.class_token(self.asked_class):
            self.client._wants = {"type": "teach", "class": self.asked_class,
                                  "token": self.client.class_token(self.asked_class)}
        self.link.open()
        return self

    def _to_server(self, message: dict[str, Any]) -> None:
        if self.link is not None:
            self.link.send(message)

    def _connection(self, state: str) -> None:
        self.connection = state
        if state == "open":
            self.client.connected()
        self._draw("connection")

    # ------------------------------------------------------------------ drawing
    @property
    def messages(self) -> "RoomPage":
        """Where :func:`widgets.common.safe` says what could not be done: the page's status line."""
        return self

    def error(self, text: str) -> None:
        self.client.state.error = text
        self._draw()

    def _draw(self, kind: str = "") -> None:
        _ = words(self.lang)
        s = self.client.state
        notes = []
        if s.error:
            notes.append(f'<div role="alert" style="{FONT}color:#8a1c12;background:#fdecea;border-left:4px solid #b3261e;'
                         f'padding:2px 8px">{escape(s.error)}</div>')
        if s.closed:
            notes.append(f'<div role="status" style="{FONT}">{escape(s.closed)}</div>')
        if self.link is not None and self.connection != "open":
            notes.append(f'<div role="status" class="comet-room-status" style="{FONT}">'
                         f'{escape(_("Connecting to the table…"))}</div>')
        self.status.value = "".join(notes)
        if self.server == "":
            self.children = [W.HTML(ROOM_CSS), self.heading, self._no_server()]
            return
        if self.server is None:  # (the build's picture of the page: its heading, the forms come with Python)
            self.children = [W.HTML(ROOM_CSS), self.heading]
            return
        if s.group:
            self._draw_class()
            self.children = [W.HTML(ROOM_CSS), self.heading, self.status, self.teacher]
            return
        if s.room:
            link = f"{self.page}?room={s.room}" if self.page else ""
            waiting = s.lobby is not None and not s.lobby.get("started")
            self.share.value = share_html(s.shown, link, s.qr, self.lang, waiting)
            self.seats.value = seats_html(s.lobby, self.lang, s.seat) if s.lobby is not None else ""
            if s.snapshot is not None:
                self.table.show(s.snapshot)
            shown = [self.share, self.seats, self.table] if s.snapshot is not None else [self.share, self.seats]
            self.children = [W.HTML(ROOM_CSS), self.heading, self.status, *shown]
            return
        if self.asked_room:
            self.join_form.children[0].value = (f'<p style="{FONT}">{escape(_("Table {code}", code=self.asked_room))}: '
                                                f'{escape(_("your name, then Take a seat; or Watch."))}</p>')
            self.children = [W.HTML(ROOM_CSS), self.heading, self.status, self.join_form]
            return
        self.children = [W.HTML(ROOM_CSS), self.heading, self.status, self.create_form]

    def _no_server(self) -> W.HTML:
        _ = words(self.lang)
        players = self.players.value or 2
        from widgets.links import family_page
        from widgets.links import page_address

        family = family_page(comet.VARIANTS[self.game.value].family)
        href = (f"{page_address(family)}?variant={quote(self.game.value)}&players={players}&seats="
                + ",".join([PERSON] * players) + ("" if self.lang == "en" else f"&lang={self.lang}"))
        return W.HTML(f'<div role="status" style="{FONT}background:#fff8d8;border-left:4px solid #b07d00;padding:8px 12px">'
                      f'<p style="margin:0 0 6px">{escape(_("Tables at several devices need a room server, and this site has none."))}'
                      f'</p><a href="{escape(href, quote=True)}">'
                      f'{escape(_("Play with friends at this device instead (pass-and-play)"))}</a></div>')

    def _draw_class(self) -> None:
        _ = words(self.lang)
        s = self.client.state
        view = s.group_view or {}
        self.class_view.value = (f'<h2 style="{FONT}font-size:1.1rem">{escape(_("Class {code}", code=s.group_shown))}'
                                 f'{(" · " + escape(str(view.get("name")))) if view.get("name") else ""}</h2>'
                                 + (class_html(view, self.lang) if view else ""))
        codes = [str(t.get("code")) for t in view.get("tables", [])]
        if [b.description for b in self.openers.children] != [self._opener_label(c, view) for c in codes]:
            buttons = []
            for code in codes:
                b = W.Button(description=self._opener_label(code, view), layout=W.Layout(width="auto"),
                             tooltip=_("Every hand of this table, and the coach's suggestion"))
                b.add_class(f"comet-room-open-{code}")
                b.on_click(lambda _b, code=code: self.client.look(code))
                buttons.append(b)
            self.openers.children = buttons
        for code, look in s.looks.items():
            if code not in self._look_views:
                view_ = TableView(lambda intent: None)
                view_.dock.layout.display = "none"
                box = W.VBox([W.HTML(), W.HTML(), view_])
                self._look_views[code] = (box, box.children[1], view_)
            box, coach, table = self._look_views[code]
            box.children[0].value = f'<h3 style="{FONT}font-size:1rem;margin:.6rem 0 0">{escape(_("Table {code}", code=code[:4] + "-" + code[4:]))}</h3>'
            coach.value = f'<div class="comet-coach">{escape(look.coach)}</div>' if look.coach else ""
            table.show(look.snapshot)
        self.looks.children = [self._look_views[c][0] for c in s.looks]

    def _opener_label(self, code: str, view: dict[str, Any]) -> str:
        return words(self.lang)("Open table {code}", code=code[:4] + "-" + code[4:])


def room_page_for(query: str | None = None) -> RoomPage:
    """The room page of the address (``query``, by default the page's own), connected to the site's room server."""
    from website.pages import query_string

    page = RoomPage(query_string() if query is None else query, room_server_known(), room_page())
    return page.start()
