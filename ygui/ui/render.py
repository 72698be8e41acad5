"""Board images (PNG and SVG) from a scene, for the Export menu and ``ygui render``."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QImage, QPainter
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import QGraphicsScene

IMAGE_FORMATS = (".png", ".svg")


class RenderError(ValueError):
    pass


def scene_image(scene: QGraphicsScene, width: int) -> QImage:
    """The whole scene drawn into an image ``width`` pixels wide (transparent around it)."""
    rect = scene.sceneRect()
    height = max(1, round(width * rect.height() / rect.width()))
    image = QImage(QSize(width, height), QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
    scene.render(painter, QRectF(0, 0, width, height), rect)
    painter.end()
    return image


def render_scene(scene: QGraphicsScene, path: Path, width: int = 1000) -> None:
    """Write the whole scene to ``path`` (PNG or SVG by its suffix), atomically for PNG."""
    suffix = path.suffix.lower()
    if suffix not in IMAGE_FORMATS:
        raise RenderError(f"an image file ends in .png or .svg, not {path.name!r}")
    rect = scene.sceneRect()
    height = max(1, round(width * rect.height() / rect.width()))
    if suffix == ".png":
        image = scene_image(scene, width)
        tmp = path.with_name(f".{path.name}.tmp.png")
        if not image.save(str(tmp)):
            raise RenderError(f"could not write {path}")
        tmp.replace(path)
        return
    generator = QSvgGenerator()
    generator.setFileName(str(path))
    generator.setSize(QSize(width, height))
    generator.setViewBox(QRectF(0, 0, width, height))
    # its pixels the web's and the office programs' (96 to the inch): at Qt's 72 a figure 1000
    # pixels wide declared itself 353 mm wide, and landed 35 cm wide in a document (tester 53)
    generator.setResolution(96)
    generator.setTitle("ygui board")
    painter = QPainter(generator)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    scene.render(painter, QRectF(0, 0, width, height), rect)
    painter.end()
