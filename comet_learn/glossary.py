"""Period terms in French, English, Russian and Spanish, as the sources give them.

Only forms found in the sources are listed (the digest's glossary, section 4); an empty
string means no source gives that form.  "(MT)" marks a machine translation's rendering.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Term:
    english: str
    french: str
    russian: str
    spanish: str
    note: str = ""

    def form(self, language: str) -> str:
        """The form in one of :data:`comet_render.narrate.LANGUAGES` ("" when no source gives one)."""
        return {"en": self.english, "fr": self.french, "ru": self.russian, "es": self.spanish}[language]


GLOSSARY: tuple[Term, ...] = (
    Term("manille (the wild 9♦)", "manille", "манилла, манила", "manille, manilla",
         "The 1718 name of the game and of its wild card; unrelated to the modern trick-taking Manille."),
    Term("comet", "comète; Commette, Comete (1718)", "комета", "cometa",
         "The game, and its wild card."),
    Term("old comet / new comet", "l'Ancienne Cométe / le nouveau Jeu de la Cométe",
         "старая комета / новая игра в Комету", "viejo cometa / nuevo juego de la Cometa",
         "Manille was called the old comet once the new game appeared (S0, S1, which print the French "
         "names with these accents)."),
    Term("hoc; a stop", "hoc", "гок", "hocs",
         "A card that cuts all others; 'cela m'est hoc' = it is sure to be mine (FR-Hoc). In S2, гок is the "
         "privilege of playing the comet for any card."),
    Term("without ten", "sans dix ('huit sans neuf', Enc)", "без десяти", "sin diez",
         "The call that ends a turn: the next rank is missing."),
    Term("stop", "", "остановка, стоп", "parada; 'punto muerto' (MT)",
         "A card or moment that ends a sequence; the entitled player leads anew."),
    Term("run, sequence", "", "последовательность (S0, S2), секвенция (S2); «ряд», «забег» (MT)",
         "secuencia; serie",
         "Cards played in rising order from a lead to the stop that ends it; its trail on the table "
         "gave the game its name, the sources say (S0, S1)."),
    Term("group", "", "«разыграть их все одновременно» (S0); «одну или более карту либо того же самого "
         "достоинства…» (S2)", "«jugarlas todas a la vez» (S1)",
         "Several cards of one rank played together as one play: four of a kind, three nines, two or three "
         "kings (1752), four of a kind or three nines (1991). The sources name the act, not the thing: "
         "'play them all at once'; S2's turn adds 'one or more cards of the same rank'."),
    Term("opera, making an opera", "", "опера, «создание оперы»", "ópera, «hacer una ópera»",
         "The new comet (1752): the first hand goes out before anyone else plays a card. The modern game "
         "(1991): the eldest goes out 'at once', read as in its first, unbroken turn (AMB-31). S2: a hand "
         "emptied 'in one turn' (AMB-33)."),
    Term("carte blanche", "carte blanche", "карт-бланш", "carta blanca",
         "The new comet (1752): a bonus of 50 points, 100 with the comet (S0, S1). The hand itself the sources "
         "do not define: read as at Piquet, a dealt hand without a jack, queen or king (AMB-41)."),
    Term("counter (jeton)", "jeton", "жетон", "jeton; also 'ficha'",
         "The smallest unit of the 1718 purse."),
    Term("fiche (= 10 jetons)", "fiche", "фишка", "ficha",
         "S1 renders both jeton and fiche as 'fichas' in one place."),
    Term("talon, dead hand", "talon", "талон (S2); мертвая рука; «коготь» (MT)", "mano muerta; «garra» (MT)",
         "The cards not dealt to the players."),
    Term("spare hand", "", "запасная рука", "mano extra", "Commit's extra hand, dealt face down as stops."),
    Term("exchange ('comet with exchange')", "", "прикупка, «комета с прикупкой»", "",
         "Discarding and drawing from the talon before play (S2)."),
    Term("pool", "poule (Hoc)", "пул", "pozo", "The stakes in the middle (Hoc, Commit 1991)."),
    Term("eldest, first hand", "", "старший, старшая рука; первая рука", "el mayor, mano mayor; primera mano",
         "The player on the dealer's left (right in Hoc), who leads first."),
    Term("dealer / non-dealer", "", "дилер; сдатчик / несдатчик", "«crupier» (MT)", ""),
    Term("wild card", "", "подстановочный знак, «дикая» (MT), джокероид (S2)", "comodín", ""),
    Term("natural nine", "", "натуральная девятка", "nueve natural",
         "The modern game (1991): going out with the comet 'as a natural nine' pays ×4 (S0, S1), read as the "
         "comet named a nine (AMB-38)."),
    Term("pass", "", "пас", "paso", ""),
    Term("Commit", "", "«Совершить», «Коммит», «Обязательство» (MT)", "«compromiso» (MT)",
         "A spelling of comète as it sounds (Foster)."),
    Term("curse of Scotland", "", "проклятие Шотландии", "la maldición de Escocia",
         "The 9♦; the 1786 story ties it to comet."),
    Term("Pink Nines / Pope Joan / Newmarket", "", "Розовые девятки / Папесса Иоанна / Ньюмаркет", "",
         "Neighbours of the family."),
)
"""The glossary, in the digest's order."""

SUITS_RU = {"C": "трефовая", "H": "керовая, червонная", "D": "бубновая"}
"""Russian suit adjectives in S2 (кер from French cœur)."""
