"""The window's language: English, German, Japanese or Simplified Chinese (docs/translations.md).

The language follows the operating system (``QLocale.system().uiLanguages()``, the first one we have);
Settings → Language overrides it (``LANGUAGE_KEY`` in the window settings) and applies at the next
start, because the widgets take their strings when they are built. ``install`` loads our catalogue
(``resources/translations/relay_studio_<lang>.qm``) and Qt's own (``qtbase_<lang>.qm``, so standard
dialogs and buttons follow) into ``QTranslator``s before any window is built, and makes ``QLocale()``
format numbers and dates in that language.

Qt alone: the start window uses it before the runtime is imported.

How strings are marked (the convention ``tests/unit/test_translations.py`` proves at run time):
``self.tr("…")`` inside QObject methods (PySide6 looks the text up under the class that defines the
method, as pyside6-lupdate extracts it, even on a subclass' instance); plurals always
``QCoreApplication.translate("EnclosingClass", "%n …", "", n)``, because PySide6's ``tr`` with a count
looks up the instance's class instead; ``QCoreApplication.translate("Context", "…")`` outside QObjects.
Placeholders are ``%1``, ``%2`` filled by ``arg``.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QDate, QDateTime, QLibraryInfo, QLocale, QSettings, QTranslator

from relay_studio.resources import resource_dir

#: the languages the window speaks, English first (the source language: it needs no catalogue)
LANGUAGES: tuple[str, ...] = ("en", "de", "ja", "zh_CN")
#: each language's name in itself, as Settings → Language lists it
LANGUAGE_NAMES: dict[str, str] = {"en": "English", "de": "Deutsch", "ja": "日本語", "zh_CN": "简体中文"}
#: the window settings' key; "" (or absent) follows the operating system
LANGUAGE_KEY = "language"
CATALOGUE = "relay_studio"

_installed: list[QTranslator] = []
_current = "en"


def translations_dir() -> Path:
    return resource_dir() / "translations"


def qt_translations_dir() -> Path:
    return Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath))


def system_language(locale: QLocale | None = None) -> str:
    """The first of the system's preferred languages that the window speaks ("en" if none)."""
    for name in (locale or QLocale.system()).uiLanguages():
        found = match_language(name)
        if found:
            return found
    return "en"


def match_language(name: str) -> str:
    """One of ``LANGUAGES`` for a locale name ("de-AT", "ja_JP", "zh-Hans-CN"), or "" for none."""
    locale = QLocale(name.replace("-", "_"))
    language = locale.language()
    if language == QLocale.Language.German:
        return "de"
    if language == QLocale.Language.Japanese:
        return "ja"
    if language == QLocale.Language.Chinese:
        # Traditional-script readers (Taiwan, Hong Kong) get English rather than the simplified script
        return "" if locale.script() == QLocale.Script.TraditionalHanScript else "zh_CN"
    if language == QLocale.Language.English:
        return "en"
    return ""


def chosen_language(settings: QSettings | None) -> str:
    """The language the window starts in: the Settings override, else the operating system's."""
    setting = str(settings.value(LANGUAGE_KEY, "") or "") if settings is not None else ""
    return setting if setting in LANGUAGES else system_language()


def current_language() -> str:
    return _current


def install(language: str) -> str:
    """Loads ``language``'s catalogues into the application (replacing earlier ones); returns it.

    Call before any window is built. English is the source language: its catalogue holds only the plural
    forms ("%n model(s)" → "1 model", "2 models").
    """
    global _current
    app = QCoreApplication.instance()
    if app is None:
        raise RuntimeError("install() needs the QApplication to exist")
    language = language if language in LANGUAGES else "en"
    if language == _current and _installed:
        return language
    for old in _installed:
        app.removeTranslator(old)
    _installed.clear()
    _current = language
    system = QLocale.system()
    # the system's own formats when it speaks this language; formats of the bare "C" locale (LC_ALL=C with
    # LANGUAGE=en, a container without locales) write dates as "1 12 2026": then as the language writes them
    short = QLocale.FormatType.ShortFormat
    c_formats = system.dateTimeFormat(short) == QLocale.c().dateTimeFormat(short)
    follows_system = system_language() == language and system.language() != QLocale.Language.C and not c_formats
    QLocale.setDefault(system if follows_system else QLocale(language))
    catalogues = [(f"{CATALOGUE}_{language}.qm", translations_dir())]  # English: its plural forms only
    if language != "en":
        catalogues.append((f"qtbase_{language}.qm", qt_translations_dir()))
    for name, folder in catalogues:
        translator = QTranslator(app)
        if translator.load(name, str(folder)):
            app.installTranslator(translator)
            _installed.append(translator)
    return language


def install_for(settings: QSettings | None) -> str:
    """``install`` of the language the settings and the operating system choose."""
    return install(chosen_language(settings))


def arg(text: str, *values: object) -> str:
    """``text`` with ``%1``, ``%2``, … replaced by ``values`` in one pass (a value's own "%2" stays)."""
    out: list[str] = []
    i = 0
    while i < len(text):
        if text[i] == "%" and i + 1 < len(text) and text[i + 1].isdigit() and text[i + 1] != "0":
            index = int(text[i + 1]) - 1
            if index < len(values):
                out.append(str(values[index]))
                i += 2
                continue
        out.append(text[i])
        i += 1
    return "".join(out)


def run_status(status: str) -> str:
    """A run's status ("awaiting_approval") in the window's words."""
    translate = QCoreApplication.translate  # pyside6-lupdate reads translate("RunStatus", "…")
    return {"created": translate("RunStatus", "created"), "running": translate("RunStatus", "running"),
            "awaiting_approval": translate("RunStatus", "awaiting approval"),
            "cancelling": translate("RunStatus", "cancelling"), "completed": translate("RunStatus", "completed"),
            "partial_success": translate("RunStatus", "partial success"),
            "cancelled": translate("RunStatus", "cancelled"), "failed": translate("RunStatus", "failed"),
            "interrupted": translate("RunStatus", "interrupted")}.get(status, status.replace("_", " "))


def number(value: int | float, decimals: int = -1) -> str:
    """A number as the window's language writes it (grouping, decimal sign)."""
    if isinstance(value, int) and decimals < 0:
        return QLocale().toString(value)
    return QLocale().toString(float(value), "f", max(decimals, 0) if decimals >= 0 else 1)


def when(stamp: str) -> str:
    """A stored time (ISO 8601, UTC: "2026-03-04T05:06:07.000Z") as the window's language writes a short
    date and time, in the computer's time zone; a stamp that does not parse is shown as it is."""
    try:
        moment = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    except ValueError:
        return stamp
    local = QDateTime.fromMSecsSinceEpoch(int(moment.timestamp() * 1000)).toLocalTime()
    return QLocale().toString(local, QLocale.FormatType.ShortFormat)


def when_short(stamp: str, today: QDate | None = None) -> str:
    """``when``, without the date for a time of today (the computer's day): where room is short."""
    try:
        moment = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    except ValueError:
        return stamp
    local = QDateTime.fromMSecsSinceEpoch(int(moment.timestamp() * 1000)).toLocalTime()
    if local.date() == (today or QDate.currentDate()):
        return QLocale().toString(local.time(), QLocale.FormatType.ShortFormat)
    return QLocale().toString(local, QLocale.FormatType.ShortFormat)


def seconds(value: float, decimals: int = 1) -> str:
    """A duration in seconds, e.g. "12.5 s" / "12,5 s" / "12.5 秒"."""
    return arg(QCoreApplication.translate("Duration", "%1 s"), number(value, decimals))


def milliseconds(value: float, decimals: int = 1) -> str:
    return arg(QCoreApplication.translate("Duration", "%1 ms"), number(value, decimals))



def QT_TRANSLATE_NOOP(context: str, text: str) -> str:
    """Marks ``text`` for pyside6-lupdate (which reads this name) and keeps it English."""
    return text


#: the names the studio gives what it makes itself: stored in English (code finds the Welcome chat by its name),
#: shown in the window's language until the creator renames them
_MADE_NAMES = (QT_TRANSLATE_NOOP("MadeNames", "Welcome"), QT_TRANSLATE_NOOP("MadeNames", "Default"))


def chat_name(name: str) -> str:
    """A chat's name as shown: the Welcome chat's in the window's language, any other as the creator wrote it."""
    return QCoreApplication.translate("MadeNames", name) if name == _MADE_NAMES[0] else name


def project_name(name: str, is_first: bool) -> str:
    """A project's name as shown: the first project's "Default" (``is_first``: its id is the store's
    ``DEFAULT_PROJECT_ID``) in the window's language, any other as written."""
    return QCoreApplication.translate("MadeNames", name) if is_first and name == _MADE_NAMES[1] else name
