"""Markdown of a message as the chat shows it: Qt's own markdown reader, then the touches it lacks.

- Tables: a header row with a background, each header cell aligned like its column (Qt leaves the
  header cells left-aligned whatever the column's ``:--:`` says), collapsed borders, cell padding.
- Code blocks: a background and a little room around them.
- Block quotes: a rule on the left (a one-cell table with only a left border), the text muted.

``markdown_document`` returns the styled ``QTextDocument`` (Find highlights in it);
``markdown_html`` its HTML for a ``QLabel``.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QTextBlock,
    QTextBlockFormat,
    QTextCursor,
    QTextDocument,
    QTextFormat,
    QTextFrameFormat,
    QTextLength,
    QTextTable,
    QTextTableCellFormat,
    QTextTableFormat,
)

from relay_studio.ui import theme

QUOTE_RULE_PX = 3
CODE_LIGHT, CODE_DARK = QColor("#eef0f3"), QColor("#2b2f36")  # a code block's background


def _blocks(doc: QTextDocument) -> list[QTextBlock]:
    out = []
    block = doc.begin()
    while block.isValid():
        out.append(block)
        block = block.next()
    return out


def _quote_level(block: QTextBlock) -> int:
    value = block.blockFormat().property(QTextFormat.Property.BlockQuoteLevel)
    return int(value) if value else 0


def _style_tables(doc: QTextDocument) -> None:
    c = theme.colors()
    tables: list[QTextTable] = []
    for block in _blocks(doc):
        table = QTextCursor(block).currentTable()
        if table is not None and table not in tables:
            tables.append(table)
    for table in tables:
        fmt = table.format()
        fmt.setBorderCollapse(True)
        fmt.setBorder(1)
        fmt.setBorderBrush(QBrush(c.grid))
        fmt.setCellPadding(5)
        fmt.setCellSpacing(0)
        fmt.setHeaderRowCount(1)
        table.setFormat(fmt)
        for col in range(table.columns()):
            align = Qt.AlignmentFlag.AlignLeft
            if table.rows() > 1:  # the column's alignment, as its first body cell has it
                align = table.cellAt(1, col).firstCursorPosition().blockFormat().alignment()
            header = table.cellAt(0, col)
            cell_fmt = header.format().toTableCellFormat()
            cell_fmt.setBackground(c.lane_alt)
            header.setFormat(cell_fmt)
            cursor = header.firstCursorPosition()
            block_fmt = QTextBlockFormat()
            block_fmt.setAlignment(align)
            cursor.mergeBlockFormat(block_fmt)


def _is_code(block: QTextBlock) -> bool:
    f = block.blockFormat()
    return block.isValid() and (f.hasProperty(QTextFormat.Property.BlockCodeFence) or f.nonBreakableLines())


def _style_code(doc: QTextDocument) -> None:
    """Each line of a code block on the background, with room above and below the block."""
    c = theme.colors()
    for block in _blocks(doc):
        if not _is_code(block):
            continue
        f = block.blockFormat()
        f.setBackground(CODE_DARK if c.dark else CODE_LIGHT)
        f.setLeftMargin(6)
        f.setRightMargin(6)
        if not _is_code(block.previous()):
            f.setTopMargin(6)
        if not _is_code(block.next()):
            f.setBottomMargin(6)
        QTextCursor(block).setBlockFormat(f)


def _style_quotes(doc: QTextDocument) -> None:
    """Each run of quoted blocks moves into a one-cell table with a rule on its left."""
    c = theme.colors()
    while True:
        run = [b for b in _blocks(doc) if _quote_level(b) > 0 and QTextCursor(b).currentTable() is None]
        if not run:
            return
        first = run[0]
        last = first
        for block in run[1:]:
            if block.blockNumber() != last.blockNumber() + 1:
                break
            last = block
        cursor = QTextCursor(first)
        cursor.setPosition(last.position() + last.length() - 1, QTextCursor.MoveMode.KeepAnchor)
        fragment = cursor.selection()
        cursor.removeSelectedText()
        plain = QTextBlockFormat()
        cursor.setBlockFormat(plain)
        table_fmt = QTextTableFormat()
        table_fmt.setBorderCollapse(True)
        table_fmt.setBorder(0)
        table_fmt.setCellPadding(0)
        table_fmt.setCellSpacing(0)
        table_fmt.setTopMargin(4)
        table_fmt.setBottomMargin(4)
        table_fmt.setWidth(QTextLength(QTextLength.Type.PercentageLength, 100))
        table = cursor.insertTable(1, 1, table_fmt)
        cell = table.cellAt(0, 0)
        cell_fmt = QTextTableCellFormat()
        cell_fmt.setLeftBorder(QUOTE_RULE_PX)
        cell_fmt.setLeftBorderBrush(QBrush(c.muted))
        cell_fmt.setLeftBorderStyle(QTextFrameFormat.BorderStyle.BorderStyle_Solid)
        for side in ("Top", "Right", "Bottom"):
            getattr(cell_fmt, f"set{side}Border")(0)
        cell_fmt.setLeftPadding(10)
        cell.setFormat(cell_fmt)
        inner = cell.firstCursorPosition()
        inner.insertFragment(fragment)
        for block in _blocks(doc):  # what moved in is no longer a quote of its own (no indent)
            if QTextCursor(block).currentTable() == table and _quote_level(block):
                f = block.blockFormat()
                f.clearProperty(QTextFormat.Property.BlockQuoteLevel)
                f.setLeftMargin(0)
                f.setRightMargin(0)
                QTextCursor(block).setBlockFormat(f)


def markdown_document(text: str) -> QTextDocument:
    doc = QTextDocument()
    doc.setMarkdown(text)
    _style_tables(doc)
    _style_code(doc)
    _style_quotes(doc)
    return doc


def markdown_html(text: str) -> str:
    return markdown_document(text).toHtml()
