"""Edit → Preferences (Ctrl+,): every setting a player sets, built from the typed schema of
ui/services/settings.py (a check box, a spin box, a list or a line of text per key, with its label and its
help line under it and in its tooltip). A change takes effect at once, as the game menus' do:
the settings tell their listeners (the open game's pace, Confirm turn, the colours). "Restore
defaults" sets every key shown back to its default."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ui.services.settings import Setting, Settings, preferences

HELP_CHARS = 72
"""The help lines' measure, in average characters (two lines for most)."""


class PreferencesDialog(QDialog):
    """The form of `settings.preferences()`; `editors[key]` is each key's widget."""

    def __init__(self, settings: Settings, parent: QWidget | None = None):
        super().__init__(parent)
        self.settings = settings
        self.setWindowTitle("Preferences")
        self.setAccessibleName("Preferences")
        self.editors: dict[str, QWidget] = {}
        self.help_lines: dict[str, QLabel] = {}
        col = QVBoxLayout(self)
        page = QWidget()
        form = QFormLayout(page)
        form.setContentsMargins(0, 0, 8, 0)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.DontWrapRows)
        form.setVerticalSpacing(4)
        for spec in preferences():
            editor = self._editor(spec)
            editor.setToolTip(spec.help)
            editor.setAccessibleName(spec.label)
            editor.setAccessibleDescription(spec.help)
            self.editors[spec.key] = editor
            label = QLabel(spec.label + ":")
            label.setBuddy(editor)
            form.addRow(label, editor)
            if spec.help:
                help_line = self.help_lines[spec.key] = QLabel(spec.help)
                help_line.setWordWrap(True)
                # a fixed measure, so its wrapped height is known to the form (Qt's forms and
                # scroll areas do not ask a word-wrapped label its height for the width it gets)
                measure = help_line.fontMetrics().averageCharWidth() * HELP_CHARS
                help_line.setFixedWidth(measure)
                help_line.setMinimumHeight(help_line.heightForWidth(measure))
                help_line.setForegroundRole(QPalette.ColorRole.PlaceholderText)  # quiet, light or dark chrome
                form.addRow("", help_line)
        # The form scrolls when the screen is too short for every help line (a laptop at 150 %):
        # squeezed into the dialog, word-wrapped lines were cut off mid-sentence.
        self.scroll = QScrollArea()
        self.scroll.setWidget(page)
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        col.addWidget(self.scroll)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close
                                   | QDialogButtonBox.StandardButton.RestoreDefaults)
        buttons.rejected.connect(self.reject)
        buttons.button(QDialogButtonBox.StandardButton.Close).clicked.connect(self.accept)
        buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults).clicked.connect(self.restore_defaults)
        col.addWidget(buttons)
        self._fit(page, buttons)
        settings.subscribe(self._heard)
        self.finished.connect(lambda _r: settings.unsubscribe(self._heard))

    def _fit(self, page: QWidget, buttons: QWidget) -> None:
        """As tall as the form needs, but no taller than the screen leaves room for (then the
        form scrolls)."""
        screen = (self.parentWidget() or self).screen()
        room = screen.availableGeometry().height() - 60 if screen is not None else 10_000
        margins = self.layout().contentsMargins()
        bar = self.scroll.verticalScrollBar().sizeHint().width()
        want = page.minimumSizeHint().height() + buttons.sizeHint().height() + self.layout().spacing() \
            + margins.top() + margins.bottom()
        width = page.minimumSizeHint().width() + bar + margins.left() + margins.right()
        self.scroll.setMinimumWidth(page.minimumSizeHint().width() + bar)
        self.resize(width, min(want, room))

    # -- editors -------------------------------------------------------------------------------------
    def _editor(self, spec: Setting) -> QWidget:
        value = self.settings.get(spec.key)
        if spec.kind == "bool":
            editor = QCheckBox()  # its label is the form's, on the left
            editor.setChecked(bool(value))
            editor.toggled.connect(lambda on, k=spec.key: self._set(k, bool(on)))
        elif spec.kind == "int":
            editor = QSpinBox()
            editor.setRange(spec.minimum, spec.maximum)
            editor.setValue(value if value is not None else spec.minimum)
            editor.valueChanged.connect(lambda v, k=spec.key: self._set(k, int(v)))
        elif spec.kind == "choice":
            editor = QComboBox()
            for v, label in spec.choices:
                editor.addItem(label, v)
            editor.setCurrentIndex(max(0, list(spec.values).index(value) if value in spec.values else 0))
            editor.currentIndexChanged.connect(lambda i, k=spec.key, e=editor: self._set(k, e.itemData(i)))
        else:
            editor = QLineEdit(str(value))
            editor.setMaxLength(spec.max_length or 200)
            editor.editingFinished.connect(lambda k=spec.key, e=editor: self._set_text(k, e))
        return editor

    def _set(self, key: str, value) -> None:
        if self.settings.get(key) != value:
            self.settings.set(key, value)

    def _set_text(self, key: str, editor: QLineEdit) -> None:
        spec = next(s for s in preferences() if s.key == key)
        text = editor.text().strip()
        if not text or spec.problem(text) is not None:
            editor.setText(str(self.settings.get(key)))  # refused: the value stays as it was
            return
        self._set(key, text)

    def _heard(self, key: str, value) -> None:
        """A setting changed elsewhere (a menu): the form shows it."""
        editor = self.editors.get(key)
        if editor is None:
            return
        editor.blockSignals(True)
        try:
            if isinstance(editor, QCheckBox):
                editor.setChecked(bool(value))
            elif isinstance(editor, QSpinBox):
                editor.setValue(int(value))
            elif isinstance(editor, QComboBox):
                editor.setCurrentIndex(max(0, editor.findData(value)))
            else:
                editor.setText(str(value))
        finally:
            editor.blockSignals(False)

    def restore_defaults(self) -> None:
        for spec in preferences():
            self._set(spec.key, spec.default)
            self._heard(spec.key, spec.default)

    def keyPressEvent(self, event) -> None:  # noqa: N802 - Qt API
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and isinstance(self.focusWidget(), QLineEdit):
            self.focusWidget().editingFinished.emit()  # Enter in a name keeps it, it does not close
            return
        super().keyPressEvent(event)
