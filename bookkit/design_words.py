"""The design boxes' own words and their history entries in each edition's language (issue 47),
translated when the page is written.

A design's words (:class:`bookkit.claim_design.Design`: its claim's translation, measure, comparison,
verdict rule and note) and the entries of its history (:mod:`bookkit.history`) are English text that
the claim's fingerprint, or the record's frozen hashes, cover: they must not change by a byte.  So,
as :mod:`bookkit.verdict_words` does for the verdicts, an edition reads the English text back against
the templates below (each a message of the ``book`` catalogs) and writes the template's translation.
A template's placeholders are the parts of the text that are numbers: ``{n}`` a number (``2,000``,
``1.5``), ``{pct}`` a percentage, ``{players}`` player counts (``two, three and four players``, from
:func:`bookkit.designs.players_words`), ``{year}`` and ``{date}`` a year and a day (written as they
are); and ``{measures}`` C10's measures (each in the catalogs' words), ``{ref}`` a citation
(``{cite:p}`...```, kept as it is).  So each edition writes the very numbers of the English text, in
its own notation, and a translation never types one.  A text no template
reads is looked up whole in the catalogs (the designs' words marked ``N_``), and stays English if
none has it: ``tests/test_design_words.py`` holds that every design's words and every entry read back.
"""

from __future__ import annotations

from bookkit.markdown import and_list
from bookkit.verdict_words import read_back
from comet_render.i18n import N_, NUMBERS, book_words, number

__all__ = ["design_text", "TEMPLATES", "reads_back"]


def _number(text: str, lang: str) -> str:
    """An English number (``2,000``, ``1.5``) as ``lang`` writes it, with as many decimals."""
    digits = text.replace(",", "")
    places = len(digits.partition(".")[2])
    return number(float(digits) if places else int(digits), lang, places=places)


def _percent(text: str, lang: str) -> str:
    return NUMBERS.get(lang, NUMBERS["en"])[2].format(n=_number(text.removesuffix("%"), lang))


def _fill(name: str, value: str, lang: str) -> str:
    from bookkit.verdict_words import _items, _players

    kind = name.rstrip("0123456789")
    if kind == "n":
        return _number(value, lang)
    if kind == "pct":
        return _percent(value, lang)
    if kind == "players":
        return _players(value, lang)
    if kind == "measures":  # C10's measures (bookkit.designs.C10_MARGINS), an English and_list of them
        return and_list([book_words(lang)(item) for item in _items(value)], lang=lang)
    return value  # year, date, ref: as they are


def _read(text: str, lang: str) -> str | None:
    return read_back(text, TEMPLATES, lang, _fill)


def reads_back(text: str) -> bool:
    """Whether ``text`` matches one of :data:`TEMPLATES` (so that every edition translates it)."""
    return _read(text, "en") is not None


def design_text(text: str, lang: str = "en") -> str:
    """A design's or a history entry's English ``text`` in ``lang``: the English as it is; in another
    language, its template's translation with the text's numbers written as ``lang`` writes them; a
    text no template reads, as the catalogs translate it whole (or as it is)."""
    if lang == "en" or not text:
        return text
    found = _read(text, lang)
    return found if found is not None else book_words(lang)(text)


# ----------------------------------------------------------------------------------------- templates
TEMPLATES: tuple[str, ...] = (
    # C1: its design
    N_("in the old comet with the greedy player in every seat, the first hand's mean net result per deal, in "
       "jetons, at {players}. Its share of the deals won is shown beside it and decides nothing."),
    N_("money decides, since the game is paid in jetons: at a player count the claim is supported if the net "
       "result's interval lies wholly above zero, contradicted if wholly below, and otherwise the data cannot "
       "decide there, whatever the share of deals won (a higher share with a net that cannot be told from zero "
       "supports nothing)."),
    N_("The claim is the {year} text's reason for drawing the first hand by lot, so only the {year2} game tests "
       "it. The modern game's eldest, at {players}, is shown after the verdict for the teachers' tournament; it "
       "is another game, and does not enter the test."),
    # C2: its design
    N_("\"dull\" as too few real decisions: a *real choice* is a move at which the player could choose between "
       "plays that differ in more than suit. Two measures per deal, greedy players: real choices per card the "
       "players lay, and the share of moves that are real choices. Every table is dealt {n} cards each (the rest "
       "dead), so that the hand size is the same at every player count."),
    N_("supported if the two-handed game has fewer real choices than every larger table on both measures (every "
       "interval of the difference wholly below zero); contradicted if it has more on both; otherwise the data "
       "cannot decide."),
    N_("Real choices are likely to grow with the hand size (we have not measured it), and under the engine's "
       "reading of the deal (AMB-7) two players hold far more cards each than five: compared at the engine's "
       "deal, the player count and the hand size cannot be told apart, so this test holds the hand size fixed. "
       "The dead cards then differ instead (the fewer the players, the more cards lie out of play): the "
       "comparison is of the player count together with its dead cards, at this hand size. It no longer depends "
       "on AMB-7, and says nothing about hands of other sizes."),
    # C3: its design
    N_("the share of dealt hands with which the eldest can go out at once (an exact search of each random deal), "
       "by player count, in the modern game."),
    N_("supported (for frequency) if the share with two players is above each of the others; contradicted if it "
       "is below any of them; otherwise the data cannot decide."),
    N_("\"Works best\" may be about the scoring (only two players have the dealer's answering draw) rather than "
       "about frequency; this test reads it as frequency."),
    # C4: its design
    N_("the comet's mean value at a deal, as a multiple of its base value, by player count. It is exact: the "
       "comet lies in the dead hand with chance q (dead cards over the pack) on each deal, independently, so the "
       "number k of preceding dead deals has P(k) = ({n} − q) qᵏ and the mean value is base + step · q / ({n2} − "
       "q)."),
    N_("the mean value against {n} times the base value."),
    N_("a jackpot (supported) if at some player count the mean value is at least {n} times the base; a small one "
       "(contradicted) if it is below that at every player count. The values are exact, so there is no interval."),
    N_("The source states a rule, not a claim; the question, does the escalation make a jackpot, is ours."),
    # C5: its design
    N_("in three-handed manille, the first seat facing two experts (greedy players), played twice on the same "
       "deals: once by a newcomer (the random player, who may forget to claim the fiche or keep the card too "
       "long), once by an expert (greedy). Per deal, the newcomer's result minus the expert's, through the "
       "manille's own payments (its fiche claimed, the fiche a player caught with it pays), and in all, in "
       "jetons."),
    N_("fits the story (supported) if the newcomer loses more through the manille than the expert in its seat "
       "(the paired difference wholly below zero); contradicts it if wholly above; otherwise the data cannot "
       "decide. Against zero alone, as first designed, a random player's loss was close to built in."),
    N_("A simulation cannot say whether the {year} story is true, only whether the card costs a newcomer more "
       "than it costs an expert."),
    # C6: its design
    N_("two-handed old comet between a player who leads the low end of its longest run and players who lead "
       "otherwise (and play identically after the lead), seats swapped every deal: the advice's mean net result "
       "per deal against each, in jetons (its win rate is shown too)."),
    N_("supported if the advice beats leading at random (\"makes sense\"); contradicted if it loses to it; "
       "against each other lead, the page says whether it wins, loses, or the data cannot decide."),
    N_("A claim about these players: the engine's greedy play after the lead."),
    # C7: its design
    N_("The French dictionary's advice, as our notes paraphrase an OCR page of it that we did not keep: shed your "
       "high cards first, and play your aces early, since a late ace is hard to get rid of unless you hold a king "
       "to regain the lead {ref}. The test is of this paraphrase."),
    N_("from the C6 deals: the mean net result per deal, in jetons, of leading an ace first (else the longest "
       "run) against leading the longest run; and of leading the highest card against it."),
    N_("each half of the advice is supported if its lead's mean net lies wholly above zero, contradicted if "
       "wholly below; otherwise the data cannot decide. Only the ace-first lead tests \"aces early\"."),
    N_("\"Shed high cards\" is read as *lead* the highest card; the dictionary may have meant which cards to keep "
       "for the end."),
    # C8: its design
    N_("two-handed new comet without the right, greedy players: the first hand's mean net result per deal, in "
       "points, with its best third of dealt hands and with its worst third (by the greedy player's rough measure "
       "of a hand's worth)."),
    N_("the right can matter (supported) if the difference lies wholly above zero: a bad hand costs; contradicted "
       "if wholly below; otherwise the data cannot decide."),
    N_("The source states a rule; the question, is the right worth having, is ours. What a redeal would gain is "
       "estimated from these deals, not simulated."),
    # C9: its design
    N_("the share of dealt hands (new comet) that hold a group: four of a kind, three nine-cards, or two or three "
       "kings, by player count. The hands of one deal share one pack, so they are not independent: the interval "
       "is cluster-robust, by deal."),
    N_("each player count's share against {pct} (common) and {pct2} (rare)."),
    N_("common if the interval lies wholly above {pct}, rare if wholly below {pct2}, neither if it lies between; "
       "otherwise the data cannot decide."),
    N_("The source states a rule; the question, are groups common enough to matter, is ours."),
    # C10: its design
    N_("two players, greedy in both seats, the same seeds dealing both games (the same cards): {measures}. First, "
       "the share of seeds whose two deals were played out the same way (the same runs, stops, winner and cards "
       "left): where the engine's players play both games alike, the rules compared made no difference to the "
       "play. The share of deals in which the comet is played is shown, not tested: the cards decide it (whether "
       "the comet is dealt to a hand or lies dead), and the cards are the same in both games, so its difference "
       "measures the deal, not the rules."),
    N_("the modern game minus the new comet on each measure, deal by deal (paired differences, Student's t), "
       "against a margin fixed as a number for each: ±{n} plays, ±{n2} stops and ±{n3} cards (an equivalence "
       "test). The margins are a tenth of the new comet's values on these same deals (the same seed), as run on "
       "{date}, rounded: taken from the data once, after results had been seen, and fixed since."),
    N_("supported if every difference lies wholly inside its margin (\"almost the same\"); contradicted if any "
       "lies wholly outside; otherwise the data cannot decide. An interval that merely contains zero is not \"the "
       "same\". If every seed's two deals were played out the same way, the test is void."),
    N_("Both rule sets are played as the engine reads them where the sources leave a rule open (AMB-18, AMB-20), "
       "so the verdict holds for those readings."),
    # C11: its design
    N_("The pages on Red Nines and Newmarket present the stops family as games of luck {ref} (we have their gist, "
       "not their words)."),
    N_("two-handed deals of seven games between the greedy player and the random one, seats swapped every deal: "
       "the greedy player's share of the deals won, p. Its *skill share* 2p − {n} is {n2} if luck decides "
       "everything and {n3} if the better player always wins."),
    N_("p against {pct} (\"mostly luck\": the skill share under one half), and against {pct2} (skill shows at "
       "all), in each game."),
    N_("in a game, \"mostly luck\" is contradicted if p lies wholly above {pct} (even this weak player wins most "
       "deals); otherwise it is *not contradicted*, which is not support. This design cannot support the claim: "
       "the greedy player is weak, so its share is only a lower bound on what skill can do, and a stronger player "
       "might win more."),
    N_("A design that could support the claim would need the best possible player, which we do not have; the "
       "engine's search player is stronger than the greedy one but too slow for this book's build."),
    # C12: its design
    N_("three-handed games with and without the exchange (the Russian entry's rules), greedy players: each "
       "position's share of the deals won."),
    N_("supported if the first hand's gain lies wholly above zero and above each other position's gain; "
       "contradicted if its gain lies wholly below zero; otherwise the data cannot decide."),
    N_("S2 gives the allowances, not the claim: that the exchange helps the first seat most is our reading of "
       "them."),
    # C13: its design
    N_("matches of Arnold's two-handed game to {n} between greedy players: deals per match."),
    N_("the mean against {n} deals (an evening's game)."),
    N_("an evening's game (supported) if the interval of the mean lies wholly at or below {n} deals; longer "
       "(contradicted) if wholly above; otherwise the data cannot decide."),
    N_("The source recommends a target; that {n} makes an evening's game is our question."),
    # C14: its design
    N_("an experiment: Arnold's Commit for four, random players, played with the 8♦ taken out and with it left "
       "in, everything else equal, on the same seeds: stops per deal made by a card whose successor is out of the "
       "pack, and all stops per deal. With one card fewer a seed shuffles a different pack, so the two arms are "
       "not the same deals; but it shuffles both packs alike, so they are not independent either."),
    N_("the removal makes stops (supported) if the difference in stops made by a missing successor lies wholly "
       "above zero; contradicted if wholly below; otherwise the data cannot decide. The page also says whether it "
       "adds to the stops in all."),
    N_("Pope Joan and the American Hoyle's Commit take the 8♦ out; Arnold's Commit lets us switch that alone."),
    # C15: its design
    N_("the share of manille's sequences (from a lead to its stop, four players, random players) that are long "
       "tails of {n} cards or more; the same share in the seven other games of the family the engine plays, for "
       "comparison; and an experiment in the new comet, its comet a stop or not on the same deals. A deal lays "
       "out several sequences, which are not independent: every interval is cluster-robust, by deal."),
    N_("manille's share against {pct}; each other game's share minus manille's against zero; the experiment's "
       "difference (not a stop minus a stop) against zero."),
    N_("the game makes long tails (supported) if manille's share lies wholly above {pct}; not (contradicted) if "
       "wholly below; otherwise the data cannot decide."),
    N_("A simulation cannot show where a name came from. It can show whether the game, as the engine plays it, "
       "lays out such tails at all; the source itself says \"probably\"."),
    # the history's entries (bookkit.history.ENTRIES), in the record's order
    N_("the verdict's words changed after the results: \"a small advantage, with three or more players\""),
    N_("\"a small advantage, growing with the number of players\" (typed)"),
    N_("the verdict's words changed after the results: \"mostly luck, as claimed\""),
    N_("\"it depends on the rules\" (typed)"),
    N_("the opera counted by an exact search for two players as well, with the dealer's reply"),
    N_("\"not borne out by frequency\" (typed)"),
    N_("the verdict computed from the win rates of each lead against the longest run"),
    N_("\"half confirmed\" (typed: aces early confirmed, high cards first refuted, by win rate)"),
    N_("each measure's difference shown with its interval and read against zero"),
    N_("\"confirmed for the play\" (typed, from the measures side by side)"),
    N_("the verdict computed from the first hand's intervals with and without the exchange"),
    N_("\"not shown\" (typed)"),
    N_("win rate and money both compared at each player count, Bonferroni over ten comparisons; either could "
       "support the claim"),
    N_("\"a small advantage, with three or more players\""),
    N_("the measure replaced: real choices per card laid and the share of moves that are real choices, at the "
       "engine's deal ({n} cards each for two players, AMB-7), instead of passes per deal, cards per pass and "
       "sequences per deal"),
    N_("\"plausible, for measurable reasons\" (typed, from passes per deal, which grow with the number of seats "
       "by construction)"),
    N_("threshold stated: two players against each larger table"),
    N_("\"not borne out by frequency\""),
    N_("threshold stated: a jackpot at {n} times the base value"),
    N_("\"a small jackpot\" (typed)"),
    N_("the newcomer's net through the manille against zero"),
    N_("\"a costly card, which fits the story, but proves nothing about it\" (typed, from the share of jetons the "
       "manille moves at tables of novices and of experts)"),
    N_("money decides: the advice's mean net against each other lead"),
    N_("\"better than random, not the best\" (typed)"),
    N_("money decides instead of the win rate: each lead's mean net against the longest run"),
    N_("the win rates' verdict of fee832c"),
    N_("threshold stated: the best third minus the worst against zero"),
    N_("\"the right matters\" (typed)"),
    N_("thresholds stated: common above {pct}, rare below {pct2}"),
    N_("\"groups are common, and kings the commonest\" (typed)"),
    N_("sameness tested against a margin of {pct} of the new comet's value (an equivalence test) instead of "
       "against zero"),
    N_("the differences read against zero (867ce3b)"),
    N_("threshold stated: \"mostly luck\" if the greedy player wins fewer than three deals in four against the "
       "random one"),
    N_("\"mostly luck, as claimed, with differences between the rules\" (typed)"),
    N_("the first hand's gain against zero and against the other seats' gains"),
    N_("the verdict of 67616da"),
    N_("threshold stated: an evening is at most {n} deals"),
    N_("\"a sensible length\" (typed)"),
    N_("an experiment instead of a description: Arnold's Commit with the 8♦ out and in"),
    N_("\"confirmed, and it is the suit rule that makes it work\" (typed, from the stops counted by cause)"),
    N_("threshold stated: long tails of eight cards or more, a quarter of the sequences; and an experiment with "
       "the new comet's comet a stop or not"),
    N_("\"the name fits the old game best\" (typed)"),
    N_("the two arms described as independent samples (one card fewer shuffles a different pack with the same "
       "seed), as they had always been computed; the box had said \"on the same seeds\""),
    N_("\"supported: taking the 8♦ out makes stops, though there are fewer stops in all\""),
    N_("money decides: the win rate is shown and never supports a claim about money on its own; the modern game "
       "at three and four players added, for the teachers' tournament (fourteen comparisons)"),
    N_("\"the data cannot decide at any player count\"; in the modern two-handed game, \"these deals cannot tell "
       "the eldest from the dealer\""),
    N_("the hand size held fixed (ten cards each at every table, the rest dead): at the engine's deal two players "
       "held {n} cards each and five ten, so the earlier verdict could not tell the player count from the hand "
       "size"),
    N_("\"contradicted: the two-handed game has more real choices than every larger table, on both measures\""),
    N_("the newcomer compared with an expert in the same seat on the same deals (paired by deal), not with zero, "
       "against which a random player's loss was close to built in"),
    N_("\"the manille is costly to a newcomer, which fits the story but proves nothing about it\""),
    N_("the interval made cluster-robust by deal: the hands of one deal share a pack and were counted as "
       "independent"),
    N_("\"with two players, groups are common; with three players, groups are neither rare nor common; with four "
       "players, groups are neither rare nor common\""),
    N_("paired: the same seeds deal both games, so each measure is compared deal by deal (they had been compared "
       "as independent samples, which is why the comet's share came out identical in both); and the share of "
       "deals played out the same way in both games is measured first"),
    N_("\"the data cannot decide: within the margin in plays per deal, stops per deal and deals where the comet "
       "was played, and no difference is shown to be larger than it\""),
    N_("the design can only contradict \"mostly luck\": a weak player's share is a lower bound on skill, so a "
       "share below three in four is \"not contradicted\", no longer \"supported\""),
    N_("\"supported for these players in all seven games: luck decides most deals\""),
    N_("every interval cluster-robust by deal (a deal lays out several sequences, which had been counted as "
       "independent); the experiment counted among the claim's comparisons (nine)"),
    N_("\"manille lays out long tails, as the story of the name needs (it cannot prove the story)\"; the "
       "experiment: \"measured: the comet's stop shortens the new comet's tails\""),
    N_("the deals raised to {n} per player count (they had been {n2}, and {n3} simulated games with two players), "
       "in the commit that counted the opera by an exact search"),
    N_("the verdict's words changed after the results: the first hand \"clearly ahead\", \"a little ahead, within "
       "the noise\" or \"not ahead\" of the other seats, where they had been \"ahead of\" or \"not ahead of\" "
       "them by the point estimates"),
    N_("\"not shown\": the first hand \"not ahead of the other seats without the exchange and ahead of them with "
       "it\" ({pct} of the deals against the second seat's {pct2})"),
    N_("the words after the verdict changed after the results: the two-handed game's larger hand, given as the "
       "reason for its real choices, marked as a conjecture"),
    N_("\"contradicted: the two-handed game has more real choices than every larger table, on both measures\", "
       "with \"a large hand leaves more to choose\" as its reason"),
    N_("the claim's words: the advice said to be a paraphrase of an OCR page that was not kept, and the test to "
       "be of that paraphrase (they had said only \"which we have only in paraphrase\")"),
    N_("the deals doubled, {n} to {n2} per player count, in the commit that put the fixed hand size on the page, "
       "after the earlier design's results had been seen (the repository does not show whether the new design was "
       "first run on {n3})"),
    N_("\"contradicted: the two-handed game has more real choices than every larger table, on both measures\" (at "
       "the engine's deal)"),
    N_("a correction of that day's entry: the comet's share had come out identical in both games because the same "
       "seeds dealt the same cards and the cards decide it, not because the games were compared as independent "
       "samples; pairing could not change it"),
    N_("the old comet alone decides, by money: four comparisons, the first hand's net at each player count (the "
       "share of deals won shown, not tested); the modern game, added after results for the teachers' tournament, "
       "is shown beside the claim and no longer enters its test or the family"),
    N_("the old comet, \"the data cannot decide at any player count\"; the modern game, \"supported with four "
       "players; the data cannot decide with two and three players\""),
    N_("the note says that at a fixed hand size the dead cards differ with the player count, so the comparison is "
       "of the player count together with its dead cards (it had said the test is about the number of players "
       "alone)"),
    N_("the claim's words: the paraphrase said to be in our notes (the words had named a digest no reader has)"),
    N_("\"\"aces early\": the data cannot decide; \"high cards first\": contradicted\""),
    N_("three measures: the share of deals where the comet is played is shown, not tested, since the cards decide "
       "it and both games are dealt the same cards (its interval had zero width and entered the family with p = "
       "{n} as evidence of sameness); the margins fixed as numbers (±{n2} plays, ±{n3} stops, ±{n4} cards: a "
       "tenth of the new comet's values in the run of {date}, rounded), where they had been a tenth of each run's "
       "observed value"),
    N_("the same test under the new fingerprint (its words, deals, seeds and verdict code); the simulated check "
       "of the formula now has an interval that allows for the dependence of consecutive deals (the comet's value "
       "carries from one deal to the next), where it had treated them as independent"),
    N_("the same test under the new fingerprint (its words, deals, seeds and verdict code); the table's mean "
       "lengths are cluster-robust by deal like its shares"),
    N_("the figure's alt text reworded in a review of the built pages: the first hand \"ahead of\", \"behind\" or "
       "\"not distinguishable from\" its fair share became \"above\", \"below\" or \"not distinguishable from its "
       "fair share\"; the verdict unchanged"),
    N_("our translation's quotation marks changed in a review of the built pages (\"too dull\" to 'too dull'); "
       "the test unchanged"),
    N_("a correction of that day's entry: the two arms are not independent samples. One card fewer shuffles a "
       "different pack, but the same seed shuffles both packs alike and the random players draw from the same "
       "seeds, so the arms' results are correlated; Welch's interval, which treats them as independent, then errs "
       "one way or the other (towards \"the data cannot decide\" when the correlation is positive)"),
    N_("the note's \"Real choices grow with the hand size\", which no deal of the page measures, said to be "
       "likely and not measured; the test unchanged"),
    N_("the comparison's words corrected to the test as it has run since 3270bbc: each player count's share "
       "against the thresholds, three comparisons (they had said \"the two-handed share\", while the verdict read "
       "all three player counts); the test unchanged"),
    N_("the margins' words: the run of {date} played the same seed, so the margins are a tenth of the new comet's "
       "values on the very deals C10 tests, taken once after results had been seen (the words had said only that "
       "they \"do not move with the data\"); the test unchanged"),
    N_("the box counted its matches to {n} as deals (a match takes several); it says matches now; the test "
       "unchanged"),
    N_("the words: the arms are played on the same seeds, and are neither the same deals nor independent; the "
       "comparison is still Welch's interval, as for independent samples, and the page gives the correlation of "
       "the arms' stops per deal, which says which way that interval errs; the test unchanged"),
)
"""Every design's words (C1 to C15) and every history entry that the catalogs do not have whole, with their
numbers as placeholders; a text matches a template whole (:func:`reads_back`)."""
