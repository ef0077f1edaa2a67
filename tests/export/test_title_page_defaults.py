"""The title page's word count, rounded as standard manuscript format rounds it, and the title an export starts with
(docs/export.md)."""

from __future__ import annotations

from relay_studio.manuscript.docx_writer import about_words, rounded_words


def test_the_word_count_is_rounded_as_manuscripts_round_it() -> None:
    assert [rounded_words(n) for n in (1, 99, 149, 150, 1486, 2176, 9949, 9950)] == [
        1, 99, 100, 200, 1500, 2200, 9900, 10000]  # the nearest 100 under 10,000 (Shunn: 1,486 → 1,500)
    assert [rounded_words(n) for n in (10_000, 12_249, 12_250, 39_749)] == [10_000, 12_000, 12_500, 39_500]
    assert [rounded_words(n) for n in (39_750, 40_000, 82_400, 82_500, 151_234)] == [
        40_000, 40_000, 82_000, 83_000, 151_000]  # a novel: the nearest 1,000
    assert about_words(1) == "1 word" and about_words(42) == "42 words"
    assert about_words(82_417) == "about 82,000 words"


def test_a_book_is_titled_after_its_opening_heading_unless_it_only_numbers_a_chapter() -> None:
    from relay_studio.manuscript.structure import Answer, first_heading

    assert first_heading([Answer("a", ""), Answer("b", "# The Last Keeper\nEvery evening…")]) == "The Last Keeper"
    for numbered in ("# Chapter 1", "## Chapter One: Fog", "# Part Two", "# Kapitel 3", "# 第一章 归来", "# 12."):
        assert first_heading([Answer("a", f"{numbered}\nText.")]) == "", numbered
    assert first_heading([Answer("a", "It was night.\n# The Storm")]) == ""  # the text opens with prose
