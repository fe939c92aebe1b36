"""The languages sonneborn speaks: English, Spanish, Thai and Korean, from gettext catalogues.

The catalogues (``locale/LANG/LC_MESSAGES/sonneborn.po``, compiled to ``.mo``) are managed with Babel
(``make i18n``); their message ids are the English texts, so that a text no catalogue translates is
shown in English, never as a key. Numbers are written as each language writes them (Babel's decimal
symbol: ``69,5`` in Spanish); tie-break codes (``SB``, ``BH:MP/C1``) never change.

>>> spanish = language("es")
>>> spanish.gettext("Name"), spanish.number("69.50"), spanish.number("447/28")
('Nombre', '69,50', '447/28')
>>> language("ko").gettext("no such text, never translated")
'no such text, never translated'
>>> from_accept_language("th-TH,th;q=0.9,en;q=0.8"), from_environment({"LANG": "es_ES.UTF-8"})
('th', 'es')
"""

from __future__ import annotations

import functools
import gettext
import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib.resources import files

from sonneborn.errors import OptionError
from sonneborn.messages import N_, PAGE, PAGE_PLURALS, TIEBREAK_NAMES, Message, Number, Phrase, said

DOMAIN = "sonneborn"
"""The gettext domain: ``locale/LANG/LC_MESSAGES/sonneborn.mo``."""

LANGUAGES: dict[str, str] = {"en": "English", "es": "Español", "th": "ไทย", "ko": "한국어"}
"""Every language, by its code, with its name in itself (what a language switch shows)."""

DEFAULT = "en"

ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""The variables gettext reads, in its order (:func:`gettext.find`)."""


@dataclass(frozen=True, slots=True)
class Language:
    """One language: its catalogue and how it writes numbers.

    >>> english = language("en")
    >>> english.message("the file is empty"), english.number("-1.5")
    ('the file is empty', '-1.5')
    """

    code: str
    """``en``, ``es``, ``th``, ``ko``."""
    decimal: str
    """The decimal symbol (Babel's): ``.`` or ``,``."""
    minus: str
    """The minus sign (Babel's)."""
    catalogue: gettext.NullTranslations = field(compare=False, repr=False)
    group: str = ","
    """The thousands separator (Babel's): ``2,999`` in English, ``2.999`` in Spanish."""
    percent: str = "%"
    """What follows a percentage (Babel's percent pattern): ``%``, a no-break space and ``%`` in Spanish."""

    def gettext(self, message: str) -> str:
        """The message in this language, or as it is (English) where the catalogue has none."""
        return self.catalogue.gettext(message)

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        """The singular or plural message for ``count``, as this language's plural rule picks it."""
        return self.catalogue.ngettext(singular, plural, count)

    def number(self, text: str) -> str:
        """A number written by :mod:`sonneborn.numbers` (``69.50``, ``-1.5``, ``447/28``), a count written
        ``f"{n:,}"`` (``2,999``) or a percentage ``f"{x:.1%}"`` (``58.3%``) as this language writes it; the digits
        never change, only the decimal symbol, the minus sign, the thousands separator and the percent sign.

        >>> language("es").number("2,999"), language("es").number("-1,234.5"), language("ko").number("2,999")
        ('2.999', '-1.234,5', '2,999')
        >>> language("es").number("58.3%±5.6%"), language("th").number("58.3%")
        ('58,3\xa0%±5,6\xa0%', '58.3%')
        """
        if self.decimal == "." and self.minus == "-" and self.group == "," and self.percent == "%":
            return text
        # One pass, so that Spanish's swap of the two signs does not undo itself.
        signs = {ord("."): self.decimal, ord("-"): self.minus, ord(","): self.group, ord("%"): self.percent}
        return text.translate(signs)

    def format(self, template: str, **values: str | int) -> str:
        """A template of this module's kind (``after round {played} of {rounds}``) in this language, its fields
        filled with the values.

        >>> language("es").format("Provisional: after round {played} of {rounds}", played=5, rounds=9)
        'Provisional: tras la ronda 5 de 9'
        """
        return Message.of(template, **values).fill(self.gettext(template), self.message)

    @property
    def decimal_comma(self) -> bool:
        """Whether this language writes a decimal comma (a spreadsheet then separates fields with ``;``)."""
        return self.decimal == ","

    def phrase(self, text: str) -> str:
        """A text of a derivation in this language: a :class:`~sonneborn.messages.Phrase` written from its
        template's translation, its numbers with this language's decimal sign; a plain text (a name) as it is.

        >>> language("es").phrase(Phrase.number("10.5") + Phrase.of(" (after round {round})", round=3))
        '10,5 (tras la ronda 3)'
        """
        return self.phrases()(text)

    def phrases(self) -> Callable[[str], str]:
        """:meth:`phrase`, remembering each phrase it wrote: the same phrase (an opponent's score) is in many
        derivations. English writes every phrase as it is."""
        if self.code == DEFAULT:
            return _as_it_is
        written: dict[int, tuple[str, str]] = {}  # by the phrase's id, the phrase kept so that its id is its own

        def write(text: str | Message | Number) -> str:
            if not isinstance(text, Phrase):
                return self.message(text) if isinstance(text, Message | Number) else text
            found = written.get(id(text))
            if found is not None:
                return found[1]
            parts = text.parts
            if parts is not None:
                made = write(parts[0]) + write(parts[1])
            else:
                made = text.written(self.gettext(text.template), write)
            written[id(text)] = (text, made)
            return made

        return write

    def message(self, message: str | Message | Number) -> str:
        """A message the library made (:class:`~sonneborn.messages.Message`: a template and its values) in
        this language: the template's translation, its fields filled, a message value translated in turn; a
        template the catalogue lacks stays English.

        >>> empty = Message("the file is empty")
        >>> language("es").message(Message.of("round {round}: {message}", round=3, message=empty))
        'ronda 3: el archivo está vacío'
        """
        if isinstance(message, Number):
            return self.number(message.text)
        found = said(message)
        return found.fill(found.chosen(self.gettext, self.ngettext), self.message)


def _as_it_is(text: str) -> str:
    return text


@functools.cache
def language(code: str) -> Language:
    """The language of a code of :data:`LANGUAGES`, its catalogue loaded once."""
    if code not in LANGUAGES:
        raise OptionError(_unknown(code), option="lang")
    if code == DEFAULT:
        # The texts and numbers as the code writes them (Babel's English symbols, a test checks): every
        # command pays for Babel only when it speaks another language.
        return Language(code, ".", "-", gettext.NullTranslations())
    from babel import Locale
    from babel.numbers import get_decimal_symbol, get_group_symbol, get_minus_sign_symbol

    directory = str(files("sonneborn").joinpath("locale"))
    catalogue = gettext.translation(DOMAIN, directory, languages=[code], fallback=True)
    percent = Locale.parse(code).percent_formats[None].pattern.rsplit("0", 1)[1]  # "#,##0\xa0%": what follows
    return Language(code, get_decimal_symbol(code), get_minus_sign_symbol(code), catalogue, get_group_symbol(code),
                    percent)  # fmt: skip


def _unknown(text: str) -> Message:
    template = N_("unknown language {text} (expected one of {languages})")
    return Message.of(template, text=repr(text), languages=", ".join(LANGUAGES))


def known(text: str) -> str | None:
    """The code of :data:`LANGUAGES` a locale or language tag names (``es_ES.UTF-8``, ``ko-KR``, ``th``),
    ``None`` for another (``C``, ``POSIX``, ``fr_FR``).

    >>> known("es_ES.UTF-8"), known("ko-KR"), known("TH"), known("C"), known("fr")
    ('es', 'ko', 'th', None, None)
    """
    code = re.split(r"[_.@-]", text.strip(), maxsplit=1)[0].lower()
    return code if code in LANGUAGES else None


def parse_language(text: str) -> str:
    """The code of a ``--lang`` or ``lang`` value; an :class:`OptionError` for a language not spoken.

    >>> parse_language("es_ES"), parse_language("C")
    ('es', 'en')
    """
    if text.strip().upper() in ("C", "POSIX"):
        return DEFAULT
    code = known(text)
    if code is None:
        raise OptionError(_unknown(text), option="lang")
    return code


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for, as gettext reads it: the first of ``LANGUAGE`` (a list,
    ``es:en``), ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that is set; English when it names another
    language or ``C``.

    >>> from_environment({"LC_ALL": "ko_KR.UTF-8", "LANG": "es_ES"}), from_environment({"LANG": "C"})
    ('ko', 'en')
    """
    environ = os.environ if environ is None else environ
    for name in ENVIRONMENT:
        value = environ.get(name)
        if not value:
            continue
        for part in value.split(":"):
            if part.upper() in ("C", "POSIX") or part.upper().startswith("C."):
                return DEFAULT
            code = known(part)
            if code is not None:
                return code
        return DEFAULT
    return DEFAULT


def from_accept_language(header: str | None) -> str:
    """The language an ``Accept-Language`` header prefers among :data:`LANGUAGES` (its highest ``q``, the
    first of equal ones), English when it names none of them.

    >>> from_accept_language("fr-CH, fr;q=0.9, es;q=0.8, ko;q=0.7"), from_accept_language("*")
    ('es', 'en')
    """
    best: tuple[float, int, str] | None = None
    for index, item in enumerate((header or "").split(",")):
        tag, _, parameters = item.partition(";")
        weight = 1.0
        for parameter in parameters.split(";"):
            name, _, value = parameter.strip().partition("=")
            if name == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        code = known(tag)
        if code is None or not weight > 0:
            continue
        if best is None or (weight, -index) > (best[0], best[1]):
            best = (weight, -index, code)
    return best[2] if best is not None else DEFAULT


def page_catalogue(code: str) -> dict[str, str]:
    """The web page's texts in a language, by their English text: :data:`~sonneborn.messages.PAGE` and the
    tie-breaks' names (the page's list of codes), what the page and its script's ``t()`` show.

    >>> page_catalogue("es")["Standings"], page_catalogue("en")["Standings"], page_catalogue("ko")["Koya"]
    ('Clasificación', 'Standings', '코야 점수')
    """
    chosen = language(code)
    return {text: chosen.gettext(text) for text in (*PAGE, *TIEBREAK_NAMES)}


PLURAL_SAMPLES: dict[str, tuple[int, ...]] = {"en": (1, 2), "es": (1, 1_000_000, 2), "th": (1,), "ko": (1,)}
"""A count of each plural form of a language, by the form's index (the catalogue's ``Plural-Forms``: Spanish's
forms are one, a round million and the others). The page's script picks the form by the same rule (``PLURAL``
in ``app.js``; a test keeps them equal)."""


def page_plurals(code: str) -> dict[str, list[str]]:
    """The web page's texts with a count (:data:`~sonneborn.messages.PAGE_PLURALS`) in a language, by their
    English singular: each plural form, by its index, as the page's script ``tn()`` picks one.

    >>> page_plurals("en")["{count} bytes"], page_plurals("ko")["{count} bytes"]
    (['{count} bytes', '{count} bytes'], ['{count}바이트'])
    """
    chosen = language(code)
    return {
        singular: [chosen.ngettext(singular, plural, count) for count in PLURAL_SAMPLES[code]]
        for singular, plural in PAGE_PLURALS
    }


ENGLISH = language(DEFAULT)
"""The default language: the texts as the code writes them."""
