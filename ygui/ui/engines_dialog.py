"""EnginesDialog: attach other GTP engines (Play ▸ Engines…): each with a name, its command
line, a folder to start it in, GTP commands to send it first and a time a move; Test starts
it (in a thread) and says what it is, or why it cannot be used."""

from __future__ import annotations

import shlex

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from ygui.engines import (
    MAX_COMMAND,
    MAX_NAME,
    START_TIMEOUT,
    EngineInfo,
    EngineSpec,
    failure_words,
    this_ygui_command,
)
from ygui.ui.engine_play import EngineTest
from ygui.ui.form import ok_cancel, scrolled
from ygui.ui.form import row as form_row

TEST_TEXT = "&Test"
TEST_TIP = "Start the engine and ask what it is"


class EnginesDialog(QDialog):
    def __init__(self, specs: list[EngineSpec], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Engines")
        self.specs = list(specs)
        self.tester = EngineTest(self)
        self.tester.done.connect(self._tested)
        self._filling = False
        self._tested_name = ""
        self._build()
        for spec in self.specs:
            self.names.addItem(spec.name)
        if self.specs:
            self.names.setCurrentRow(0)
        self._selected()

    def _build(self) -> None:
        self.names = QListWidget()
        self.names.setMinimumWidth(160)
        self.names.currentRowChanged.connect(self._selected)
        self.add_button = QPushButton("&Add")
        self.add_button.clicked.connect(self.add)
        self.remove_button = QPushButton("&Remove")
        self.remove_button.clicked.connect(self.remove)
        self.add_ygui_button = QPushButton("Add this &ygui")
        self.add_ygui_button.setToolTip(
            "Attach the ygui you are running as an engine (another process, its own settings)"
        )
        self.add_ygui_button.clicked.connect(self.add_this_ygui)
        left = QVBoxLayout()
        left.addWidget(self.names, 1)
        list_buttons = QHBoxLayout()
        list_buttons.addWidget(self.add_button)
        list_buttons.addWidget(self.remove_button)
        left.addLayout(list_buttons)
        left.addWidget(self.add_ygui_button)

        self.name = QLineEdit()
        self.name.setMaxLength(MAX_NAME)
        self.command = QLineEdit()
        self.command.setMaxLength(MAX_COMMAND)
        self.command.setPlaceholderText("e.g. /usr/local/bin/myengine --gtp")
        self.command.setMinimumWidth(360)
        self.program_button = QPushButton("Program…")
        self.program_button.clicked.connect(self.choose_program)
        self.folder = QLineEdit()
        self.folder.setPlaceholderText("the folder it starts in (optional)")
        self.folder_button = QPushButton("Folder…")
        self.folder_button.clicked.connect(self.choose_folder)
        self.commands = QLineEdit()
        self.commands.setPlaceholderText("GTP commands sent first, separated by ; (optional)")
        self.seconds = QDoubleSpinBox()
        self.seconds.setRange(0, 3600)
        self.seconds.setDecimals(1)
        self.seconds.setSuffix(" s")
        self.seconds.setSpecialValueText("its own")
        self.seconds.setToolTip(
            "Time a move asked of the engine (by ygui-time or time_settings, if it knows them)"
        )
        self.test_button = QPushButton(TEST_TEXT)
        self.test_button.setToolTip(TEST_TIP)
        self.test_button.clicked.connect(self.test)
        self.test_result = QLabel()
        self.test_result.setWordWrap(True)
        self.test_result.setTextFormat(Qt.TextFormat.RichText)
        self.test_result.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.test_result.setMinimumHeight(self.test_result.fontMetrics().lineSpacing() * 4)
        self.test_result.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)

        form = QFormLayout()
        form.addRow("Name", self.name)
        form.addRow("Command line", form_row(self.command, self.program_button))
        form.addRow("Folder", form_row(self.folder, self.folder_button))
        form.addRow("Commands first", self.commands)
        form.addRow("Time a move", self.seconds)
        form.addRow(form_row(QWidget(), self.test_button))
        result_area = QScrollArea()  # a crashing engine's last words can be long
        result_area.setWidgetResizable(True)
        result_area.setFrameShape(QFrame.Shape.NoFrame)
        result_area.setWidget(self.test_result)
        result_area.setMinimumHeight(self.test_result.fontMetrics().lineSpacing() * 6)
        form.addRow(result_area)
        self.form_box = QWidget()
        self.form_box.setLayout(form)
        for field in (self.name, self.command, self.folder, self.commands):
            field.textEdited.connect(self._edited)
        self.seconds.valueChanged.connect(self._edited)

        hint = QLabel(
            "An engine speaks GTP on its standard input and output. ygui gives it the game "
            "with <tt>ygui-variant</tt>; an engine without that command can play plain Y only "
            "(<tt>boardsize</tt>). <b>Add this ygui</b> attaches the ygui you are running, "
            "started by the same program as this window (elsewhere, <tt>ygui gtp</tt> does "
            "it where ygui is on the PATH)."
        )
        hint.setWordWrap(True)
        top = QHBoxLayout()
        top.addLayout(left)
        top.addWidget(self.form_box, 1)
        buttons = ok_cancel(self)
        self.ok_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        body = QVBoxLayout()
        body.setContentsMargins(0, 0, 0, 0)
        body.addLayout(top, 1)
        body.addWidget(hint)
        scrolled(self, body, buttons)  # (the buttons in sight on any screen)

    # ----- the list ----------------------------------------------------------------------
    @property
    def row(self) -> int:
        return self.names.currentRow()

    def add_this_ygui(self) -> None:
        """An engine entry for the running ygui, with its exact command line."""
        taken = {s.name for s in self.specs}
        # (not "ygui" alone: beside the built-in "ygui level 5" a match's score read "ygui
        # level 5 0 – 2 ygui", tester 58)
        name, number = "ygui gtp", 1
        while name in taken:
            number += 1
            name = f"ygui gtp {number}"
        self.specs.append(EngineSpec(name, this_ygui_command()))
        self.names.addItem(name)
        self.names.setCurrentRow(len(self.specs) - 1)

    def add(self) -> None:
        taken = {s.name for s in self.specs}
        number = 1
        while f"Engine {number}" in taken:
            number += 1
        self.specs.append(EngineSpec(f"Engine {number}", ""))
        self.names.addItem(self.specs[-1].name)
        self.names.setCurrentRow(len(self.specs) - 1)
        self.command.setFocus()

    def remove(self) -> None:
        row = self.row
        if 0 <= row < len(self.specs):
            del self.specs[row]
            self.names.takeItem(row)
        self._selected()

    def _selected(self) -> None:
        row = self.row
        has = 0 <= row < len(self.specs)
        self.form_box.setEnabled(has)
        self.remove_button.setEnabled(has)
        spec = self.specs[row] if has else EngineSpec("", "")
        self._stop_test()  # (its answer would stand beside another engine)
        self._filling = True
        self.name.setText(spec.name)
        self.command.setText(spec.command)
        self.folder.setText(spec.folder)
        self.commands.setText(spec.commands)
        self.seconds.setValue(spec.seconds)
        self._filling = False
        self.test_result.setText("")

    def _edited(self) -> None:
        row = self.row
        if self._filling or not 0 <= row < len(self.specs):
            return
        if self._stop_test():  # its answer would be taken for the changed engine's
            self.test_result.setText(
                f"The test of {_escape(self._tested_name)} was stopped: the engine was changed."
            )
        self.specs[row] = self.current_spec()
        self.names.item(row).setText(self.specs[row].name or "(no name)")

    def current_spec(self) -> EngineSpec:
        return EngineSpec(
            self.name.text().strip(),
            self.command.text().strip(),
            self.folder.text().strip(),
            self.commands.text().strip(),
            float(self.seconds.value()),
        )

    def choose_program(self) -> None:
        name, _ = QFileDialog.getOpenFileName(self, "The engine's program")
        if name:
            self.command.setText(shlex.quote(name))
            self._edited()

    def choose_folder(self) -> None:
        name = QFileDialog.getExistingDirectory(self, "The folder the engine starts in")
        if name:
            self.folder.setText(name)
            self._edited()

    # ----- testing -----------------------------------------------------------------------
    def test(self) -> None:
        """Test the engine shown, or stop the test running (the button says which)."""
        if self._stop_test():
            self.test_result.setText(f"The test of {_escape(self._tested_name)} was stopped.")
            return
        spec = self.current_spec()
        if not spec.command:
            self.test_result.setText("Give the engine's command line first.")
            return
        self._tested_name = spec.name or "the engine"
        self.test_button.setText("S&top test")
        self.test_button.setToolTip("Stop the engine being tested")
        self.test_result.setText(
            f"Starting {_escape(self._tested_name)}… (an engine has {START_TIMEOUT:g} seconds "
            "to answer; <b>Stop test</b> ends the wait)"
        )
        self.tester.start(spec)

    def _stop_test(self) -> bool:
        """Stop the test running, if one is; whether one was."""
        if not self.tester.running:
            return False
        self.tester.stop()
        self._test_ended()
        return True

    def _test_ended(self) -> None:
        self.test_button.setText(TEST_TEXT)
        self.test_button.setToolTip(TEST_TIP)

    def _tested(self, answer: object) -> None:
        self._test_ended()
        if isinstance(answer, EngineInfo):
            knows = (
                "It knows ygui-variant: it can play every game."
                if answer.knows("ygui-variant")
                else "It does not know ygui-variant: it can play plain Y only."
            )
            self.test_result.setText(
                f"<b>{_escape(answer.title)}</b> (GTP {_escape(answer.protocol)}) is ready. {knows}"
            )
        else:
            # an engine's error output keeps its lines (a traceback's are its meaning)
            self.test_result.setText(
                "<span style='color:#b3261e; white-space:pre-wrap'>"
                f"{_escape(_sentence(str(answer), self.name.text().strip()))}</span>"
            )

    # ----- the result --------------------------------------------------------------------
    def problem(self) -> str | None:
        """Why the list cannot be kept as it is, or None."""
        seen: set[str] = set()
        for spec in self.specs:
            if not spec.name:
                return "Give every engine a name."
            if spec.name in seen:
                return f"Two engines are named {spec.name}: give each a name of its own."
            seen.add(spec.name)
            if not spec.command:
                return f"Give {spec.name} its command line."
            try:
                spec.argv()
            except Exception as exc:  # EngineError: the quoting cannot be read
                return str(exc)
        return None

    def accept(self) -> None:
        problem = self.problem()
        if problem is not None:
            self.warn(problem)
            return
        super().accept()

    def warn(self, text: str) -> None:
        """A modal warning (replaced in tests)."""
        self.last_warning = text
        QMessageBox.warning(self, "Engines", text)

    def done(self, result: int) -> None:
        self.tester.shutdown()
        super().done(result)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _sentence(text: str, name: str) -> str:
    """A message of the engine ``name`` as a sentence: a capital first (not on its name), a
    full stop last (unless it quotes the engine's own output, lines and all)."""
    text = failure_words(text, name)
    return text if text.endswith(".") or "\n" in text else text + "."
