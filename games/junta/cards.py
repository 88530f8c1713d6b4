"""The political deck and the banknotes of Junta (rules/junta_cards.md).

Card *designs* are listed once with their count; the deck holds instances `<id>#<n>` (n = 1 …
count). Timing codes say when a card may be played (junta_cards.md, "Timing codes"); the engine
refuses a play at any other time.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

# --- kinds and timing codes -----------------------------------------------------------------------

INFLUENCE: Final = "influence"
VOTE: Final = "vote"
ASSASSIN: Final = "assassin"
BRIBE: Final = "bribe"
EVENT: Final = "event"
PRETEXT: Final = "pretext"
UNIT: Final = "unit"
DONATION: Final = "donation"
KINDS: Final = (INFLUENCE, VOTE, ASSASSIN, BRIBE, EVENT, PRETEXT, UNIT, DONATION)

ANY: Final = "ANY"
POLITICAL: Final = "POLITICAL"
VOTE_TURN: Final = "VOTE_TURN"
AFTER_ROUND_1: Final = "AFTER_ROUND_1"
AFTER_ROUND_2: Final = "AFTER_ROUND_2"
PHASE2_START: Final = "PHASE2_START"
BUDGET_REJECTED: Final = "BUDGET_REJECTED"
PHASE6_DECLARE: Final = "PHASE6_DECLARE"
ATTEMPT_HIT: Final = "ATTEMPT_HIT"
FIRING_SQUAD: Final = "FIRING_SQUAD"
BEFORE_BANKING: Final = "BEFORE_BANKING"
BEFORE_COUP: Final = "BEFORE_COUP"
COUP_MOVE: Final = "COUP_MOVE"
TIMINGS: Final = (
    ANY, POLITICAL, VOTE_TURN, AFTER_ROUND_1, AFTER_ROUND_2, PHASE2_START, BUDGET_REJECTED,
    PHASE6_DECLARE, ATTEMPT_HIT, FIRING_SQUAD, BEFORE_BANKING, BEFORE_COUP, COUP_MOVE,
)
# The card windows of junta.md §4.5 (a window lets every active player play cards of its timing).
WINDOWS: Final = (PHASE2_START, BUDGET_REJECTED, AFTER_ROUND_1, AFTER_ROUND_2, BEFORE_BANKING, BEFORE_COUP)


@dataclass(frozen=True)
class Card:
    id: str
    name: str  # English name (the bot words cards through its catalogs; this is for logs and tests)
    italian: str
    kind: str
    count: int
    timing: tuple[str, ...]
    votes: int = 0  # printed votes (influence, vote cards, Looting of a Church)
    combo_votes: int = 0  # votes while the owner also has `combo_with` in play (0: no combo)
    combo_with: str | None = None
    cost: int = 0  # millions paid when played; for unit bribes, per unit tried (`per_unit`)
    per_unit: bool = False
    requires: str | None = None  # an influence card the player must have in play


def _inf(id: str, name: str, italian: str, votes: int, combo: int = 0, combo_with: str | None = None) -> Card:
    return Card(id, name, italian, INFLUENCE, 1, (POLITICAL,), votes, combo, combo_with)


def _vote(id: str, name: str, italian: str, votes: int) -> Card:
    return Card(id, name, italian, VOTE, 1, (VOTE_TURN,), votes)


def _bribe_units(id: str, name: str, italian: str) -> Card:
    return Card(id, name, italian, BRIBE, 1, (COUP_MOVE,), cost=1, per_unit=True)


def _unit(id: str, name: str, italian: str, count: int = 1) -> Card:
    return Card(id, name, italian, UNIT, count, (COUP_MOVE,))


CARDS: Final[tuple[Card, ...]] = (
    # Influence (14): stay in play.
    _inf("inf_church", "Church", "Chiesa", 10),
    _inf("inf_conservatives", "Conservatives", "Conservatori", 8),
    _inf("inf_bankers", "Bankers", "Banchieri", 7),
    _inf("inf_landowners", "Landowners", "Latifondisti", 6),
    _inf("inf_unions", "Trade Unions", "Sindacati", 5),
    _inf("inf_socialists", "Socialists", "Socialisti", 5, 10, "inf_unions"),
    _inf("inf_christian_democrats", "Christian Democrats", "Democristiani", 5, 10, "inf_church"),
    _inf("inf_freemasons", "Freemasons", "Massoneria", 4),
    _inf("inf_press", "Press Barons", "Baroni della stampa", 4),
    _inf("inf_peasants", "Peasants", "Contadini", 3),
    _inf("inf_student_federation", "Student Federation", "Federazione studentesca", 3),
    _inf("inf_radicals", "Radicals", "Radicali", 3),
    _inf("inf_academia", "Academia", "Ambienti universitari", 3, 6, "inf_student_federation"),
    _inf("inf_monarchists", "Monarchists", "Monarchici", 3),
    # Vote cards (14): discarded at the end of the vote in which they were cast.
    _vote("vote_refugees", "Political Refugees", "Rifugiati politici", 2),
    _vote("vote_black_marketeers", "Black Marketeers", "Borsaneristi", 3),
    _vote("vote_anarcho_syndicalists", "Anarcho-Syndicalists", "Anarco-sindacalisti", 2),
    _vote("vote_peasants", "Peasant Vote", "Voto contadino", 2),
    _vote("vote_ghost_voters", "Ghost Voters", "Elettori fantasma", 3),
    _vote("vote_middle_classes", "Middle Classes", "Ceto medio", 3),
    _vote("vote_marxist_leninists", "Marxist-Leninists", "Marxisti-leninisti", 2),
    _vote("vote_riggers", "Vote Riggers", "Brogli elettorali", 2),
    _vote("vote_retired_generals", "Retired Generals", "Generali in pensione", 3),
    _vote("vote_bought_deputies", "Bought Deputies", "Deputati comprati", 4),
    _vote("vote_caciques", "Rural Bosses", "Caciques", 3),
    _vote("vote_civil_servants", "Civil Servants", "Impiegati statali", 3),
    _vote("vote_dockworkers", "Dockworkers", "Portuali", 2),
    _vote("vote_expatriates", "Expatriates", "Emigrati", 2),
    # Assassins (9).
    Card("asn_amateur", "Amateur Assassin", "Sicario dilettante", ASSASSIN, 3, (PHASE6_DECLARE,), cost=1),
    Card("asn_professional", "Professional Assassin", "Sicario professionista", ASSASSIN, 2, (PHASE6_DECLARE,),
         cost=2),
    Card("asn_foreign", "Foreign Assassin", "Sicario straniero", ASSASSIN, 1, (PHASE6_DECLARE,), cost=1),
    Card("asn_psychotic", "Psychotic Assassin", "Sicario psicopatico", ASSASSIN, 1, (PHASE6_DECLARE,)),
    Card("asn_monarchist", "Monarchist Assassin", "Sicario monarchico", ASSASSIN, 1, (PHASE6_DECLARE, ATTEMPT_HIT),
         requires="inf_monarchists"),
    Card("asn_burglars", "Burglars", "Scassinatori", ASSASSIN, 1, (PHASE6_DECLARE,)),
    # Bribes (9): 2 protections and 7 unit bribes.
    Card("brb_assassin", "Bribe the Assassin", "Corrompere il sicario", BRIBE, 2, (ATTEMPT_HIT,), cost=2),
    _bribe_units("brb_brigade_1", "Bribe the 1st Brigade", "Corrompere la Prima Brigata"),
    _bribe_units("brb_brigade_2", "Bribe the 2nd Brigade", "Corrompere la Seconda Brigata"),
    _bribe_units("brb_brigade_3", "Bribe the 3rd Brigade", "Corrompere la Terza Brigata"),
    _bribe_units("brb_police", "Bribe the Police", "Corrompere la Polizia"),
    _bribe_units("brb_guard", "Bribe the Presidential Guard", "Corrompere la Guardia Presidenziale"),
    _bribe_units("brb_elite", "Bribe the Elite Troops", "Corrompere le truppe scelte"),
    _bribe_units("brb_irregulars", "Bribe the Irregulars", "Corrompere gli irregolari"),
    # Events (13).
    Card("evt_power_cut", "Power Cut", "Black-out", EVENT, 1, (AFTER_ROUND_1,)),
    Card("evt_summer_recess", "Summer Recess", "Vacanze estive", EVENT, 1, (AFTER_ROUND_1,)),
    Card("evt_recount", "Recount", "Riconteggio", EVENT, 1, (AFTER_ROUND_2,)),
    Card("evt_coalition_break", "Coalition Break", "Crisi di coalizione", EVENT, 1, (POLITICAL,)),
    Card("evt_spy_switzerland", "Spy in Switzerland", "Spia in Svizzera", EVENT, 1, (POLITICAL,),
         requires="inf_academia"),
    Card("evt_no_confidence", "Motion of No Confidence", "Mozione di sfiducia", EVENT, 1, (PHASE2_START,)),
    Card("evt_bank_holiday", "Bank Holiday", "Giorno festivo", EVENT, 1, (BEFORE_BANKING,), requires="inf_bankers"),
    Card("evt_student_petition", "Student Petition Against Repression",
         "Petizione studentesca contro la repressione", EVENT, 1, (POLITICAL,)),
    Card("evt_alternative_budget", "Alternative Budget", "Bilancio alternativo", EVENT, 1, (BUDGET_REJECTED,)),
    Card("evt_reform_demand", "Demand for Reform", "Richiesta di riforme", EVENT, 1, (VOTE_TURN,),
         requires="inf_christian_democrats"),
    Card("evt_church_looting", "Looting of a Church", "Saccheggio di una chiesa", EVENT, 1, (VOTE_TURN,), votes=5,
         requires="inf_church"),
    Card("evt_secret_police_extra", "Bonus for the Secret Police Killer", "Premio al sicario della Polizia Segreta",
         EVENT, 1, (PHASE6_DECLARE,), cost=2),
    Card("evt_nuncio", "The Nuncio's Intercession", "Intercessione del Nunzio", EVENT, 1, (FIRING_SQUAD,)),
    # Coup pretexts (3).
    Card("pre_un_condemnation", "UN Condemns the Torture of Political Prisoners",
         "L'ONU condanna la tortura dei prigionieri politici", PRETEXT, 1, (BEFORE_COUP,)),
    Card("pre_carnival", "Annual Carnival: Crowds in the Streets", "Carnevale annuale: folla nelle strade",
         PRETEXT, 1, (BEFORE_COUP,)),
    Card("pre_border_incident", "Border Incident", "Incidente di frontiera", PRETEXT, 1, (BEFORE_COUP,)),
    # Unit cards (10).
    _unit("unt_students", "Students", "Studenti", 2),
    _unit("unt_rioters", "Rioters", "Rivoltosi", 2),
    _unit("unt_strikers", "Strikers", "Scioperanti"),
    _unit("unt_demonstrators", "Demonstrators", "Dimostranti"),
    _unit("unt_bank_guards", "Bank Guards", "Guardie della Banca"),
    _unit("unt_private_security", "Private Security", "Forze di sicurezza private"),
    _unit("unt_christian_militia", "Christian Militia", "Milizia Cristiana"),
    _unit("unt_helicopter", "Helicopter", "Elicottero"),
    # Secret political donations (8).
    Card("don_secret_donation", "Secret Political Donation", "Donazione politica segreta", DONATION, 8, (ANY,)),
)
CARD: Final[dict[str, Card]] = {c.id: c for c in CARDS}
DECK: Final[tuple[str, ...]] = tuple(f"{c.id}#{i}" for c in CARDS for i in range(1, c.count + 1))

# Protection cards a hit victim may play (ATTEMPT_HIT); the firing squad's (FIRING_SQUAD).
PROTECTIONS: Final[frozenset[str]] = frozenset({"brb_assassin", "asn_monarchist"})
# Influence cards whose owner saves 1M, once per turn each, on an assassin, a bribe or the bonus.
COST_SAVERS: Final[tuple[str, ...]] = ("inf_bankers", "inf_monarchists")
# Cards an influence-card discount applies to (junta_cards.md, inf_bankers).
SAVER_KINDS: Final[frozenset[str]] = frozenset({ASSASSIN, BRIBE})
# Reform demand takes other players' influence cards of at most this printed value.
REFORM_MAX_VOTES: Final = 5


def design(card: str) -> Card:
    """The design of a card instance ("asn_amateur#2" → asn_amateur)."""
    # Legal actions ask this hundreds of times per state; anything but a deck card takes the old way (and
    # fails as it did: a KeyError, an AttributeError for a non-string).
    found = _DESIGN_OF.get(card) if type(card) is str else None
    return found if found is not None else CARD[card.split("#", 1)[0]]


def design_id(card: str) -> str:
    found = _DESIGN_OF.get(card) if type(card) is str else None
    return found.id if found is not None else card.split("#", 1)[0]


def is_card(card: object) -> bool:
    return isinstance(card, str) and card in DECK_SET


DECK_SET: Final[frozenset[str]] = frozenset(DECK)
_DESIGN_OF: Final[dict[str, Card]] = {card: CARD[card.split("#", 1)[0]] for card in DECK}

# --- banknotes (the development-aid deck) --------------------------------------------------------

NOTE_VALUES: Final = (1, 2, 3)
NOTES: Final[tuple[int, ...]] = (1,) * 51 + (2,) * 30 + (3,) * 15  # 96 notes, 156M
NOTE_COUNT: Final = len(NOTES)
PRESIDENT_AID: Final = 8  # notes the President draws in Phase 3
HAND_LIMIT: Final = 6
DEAL: Final = 5
DRAW: Final = 2
