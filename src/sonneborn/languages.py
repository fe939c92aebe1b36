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
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib.resources import files

from sonneborn.errors import OptionError
from sonneborn.messages import MESSAGES, PAGE

DOMAIN = "sonneborn"
"""The gettext domain: ``locale/LANG/LC_MESSAGES/sonneborn.mo``."""

LANGUAGES: dict[str, str] = {"en": "English", "es": "Español", "th": "ไทย", "ko": "한국어"}
"""Every language, by its code, with its name in itself (what a language switch shows)."""

DEFAULT = "en"

ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""The variables gettext reads, in its order (:func:`gettext.find`)."""


_FIELD = re.compile(r"\{(\w+)\}")
FIELD_PATTERNS = {
    "text": r"'.*?'|\".*?\"",
    "number": r"-?[0-9][0-9,]*",
    "round": r"[0-9]+",
    "path": r"tournament[\w.\[\]]*",
    "option": r"--[a-z][a-z-]*",
    "code": r"[A-Za-z0-9:/+#-]+",
}
"""What a template's field matches, by the field's name before any digit (``number2`` as ``number``);
any other field matches any text. A field ``message`` is a message itself, translated in turn."""


@dataclass(frozen=True, slots=True)
class Template:
    """An English message with fields (``round {round}: {message}``), and the pattern that recognises it."""

    text: str
    pattern: re.Pattern[str] = field(compare=False, repr=False)

    @classmethod
    def of(cls, text: str) -> Template:
        """The template of a text, its fields as named groups."""
        parts, start = [], 0
        for found in _FIELD.finditer(text):
            name = found.group(1)
            kind = name.rstrip("0123456789")
            parts += [re.escape(text[start : found.start()]), f"(?P<{name}>{FIELD_PATTERNS.get(kind, '.+?')})"]
            start = found.end()
        parts.append(re.escape(text[start:]))
        return cls(text, re.compile("".join(parts), re.DOTALL))

    @property
    def fields(self) -> frozenset[str]:
        """The names of its fields."""
        return frozenset(_FIELD.findall(self.text))


@dataclass(frozen=True, slots=True)
class Language:
    """One language: its catalogue and how it writes numbers.

    >>> english = language("en")
    >>> english.translate("round 2: the file is empty"), english.number("-1.5")
    ('round 2: the file is empty', '-1.5')
    """

    code: str
    """``en``, ``es``, ``th``, ``ko``."""
    decimal: str
    """The decimal symbol (Babel's): ``.`` or ``,``."""
    minus: str
    """The minus sign (Babel's)."""
    catalogue: gettext.NullTranslations = field(compare=False, repr=False)

    def gettext(self, message: str) -> str:
        """The message in this language, or as it is (English) where the catalogue has none."""
        return self.catalogue.gettext(message)

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        """The singular or plural message for ``count``, as this language's plural rule picks it."""
        return self.catalogue.ngettext(singular, plural, count)

    def number(self, text: str) -> str:
        """A number written by :mod:`sonneborn.numbers` (``69.50``, ``-1.5``, ``447/28``) as this language
        writes it; the digits never change, only the decimal symbol and the minus sign."""
        if self.decimal == "." and self.minus == "-":
            return text
        return text.replace(".", self.decimal).replace("-", self.minus)

    def format(self, template: str, **values: str | int) -> str:
        """A template of this module's kind (``after round {played} of {rounds}``) in this language, its fields
        filled with the values.

        >>> language("es").format("Provisional: after round {played} of {rounds}", played=5, rounds=9)
        'Provisional: tras la ronda 5 de 9'
        """
        translated = self.gettext(template)
        return _FIELD.sub(lambda part: str(values[part.group(1)]) if part.group(1) in values else part.group(0),
                          translated)  # fmt: skip

    @property
    def decimal_comma(self) -> bool:
        """Whether this language writes a decimal comma (a spreadsheet then separates fields with ``;``)."""
        return self.decimal == ","

    def translate(self, message: str) -> str:
        """A message the library made in English, in this language: the first of :data:`TEMPLATES` it
        matches, its fields put into the template's translation; a message of no template stays English.

        >>> language("es").translate("round 3: the file is empty")
        'ronda 3: el archivo está vacío'
        """
        if self.code == DEFAULT or not message:
            return message
        for template in templates():
            found = template.pattern.fullmatch(message)
            if found is None:
                continue
            translated = self.gettext(template.text)
            values = {
                name: self.translate(value) if name.rstrip("0123456789") == "message" else value
                for name, value in found.groupdict().items()
            }
            return _FIELD.sub(functools.partial(_filled, values), translated)
        return message


def _filled(values: Mapping[str, str], part: re.Match[str]) -> str:
    """A template's field as its value, or as it is when it has none."""
    return values.get(part.group(1), part.group(0))


@functools.cache
def templates() -> tuple[Template, ...]:
    """The library's message templates (:mod:`sonneborn.messages`), compiled once, longest first: a longer
    template is the more specific one."""
    return tuple(Template.of(text) for text in sorted(set(MESSAGES), key=lambda text: (-len(text), text)))


@functools.cache
def language(code: str) -> Language:
    """The language of a code of :data:`LANGUAGES`, its catalogue loaded once."""
    if code not in LANGUAGES:
        raise OptionError(f"unknown language {code!r} (expected one of {', '.join(LANGUAGES)})", option="lang")
    if code == DEFAULT:
        # The texts and numbers as the code writes them (Babel's English symbols, a test checks): every
        # command pays for Babel only when it speaks another language.
        return Language(code, ".", "-", gettext.NullTranslations())
    from babel.numbers import get_decimal_symbol, get_minus_sign_symbol

    directory = str(files("sonneborn").joinpath("locale"))
    catalogue = gettext.translation(DOMAIN, directory, languages=[code], fallback=True)
    return Language(code, get_decimal_symbol(code), get_minus_sign_symbol(code), catalogue)


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
        raise OptionError(f"unknown language {text!r} (expected one of {', '.join(LANGUAGES)})", option="lang")
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
    """The web page's texts in a language, by their English text: what the page shows, for its switch.

    >>> page_catalogue("es")["Standings"], page_catalogue("en")["Standings"]
    ('Clasificación', 'Standings')
    """
    chosen = language(code)
    return {text: chosen.gettext(text) for text in PAGE}


ENGLISH = language(DEFAULT)
"""The default language: the texts as the code writes them."""
