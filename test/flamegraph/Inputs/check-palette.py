#!/usr/bin/env python3
"""check-palette.py A.svg [B.svg ...]: every frame's fill by kind (user:
warm hues, red to yellow; kernel: aqua; delimiter: grey), and the same name
and kind always the same colour, within a graph and across graphs. Prints
one line per finding; FileCheck looks for the summary lines."""
import colorsys
import re
import sys
import xml.dom.minidom

fills = {}
counts = {"user": 0, "kernel": 0, "delimiter": 0}
bad = []
for path in sys.argv[1:]:
    doc = xml.dom.minidom.parse(path)
    for g in doc.getElementsByTagName("g"):
        if g.getAttribute("class") != "f":
            continue
        name, kind = g.getAttribute("data-name"), g.getAttribute("data-kind")
        fill = g.getElementsByTagName("rect")[0].getAttribute("fill")
        r, gr, b = (int(v) for v in re.fullmatch(r"rgb\((\d+),(\d+),(\d+)\)", fill).groups())
        hue, light, sat = colorsys.rgb_to_hls(r / 255, gr / 255, b / 255)
        hue *= 360
        ok = {"user": 0 <= hue <= 60 and sat > 0.5,
              "kernel": 160 <= hue <= 205,
              "delimiter": r == gr == b}.get(kind, False)
        if not ok:
            bad.append("%s %s %s hue=%.0f sat=%.2f" % (kind, name, fill, hue, sat))
        counts[kind] = counts.get(kind, 0) + 1
        if fills.setdefault((name, kind), fill) != fill:
            bad.append("unstable colour for %s %s: %s and %s" % (kind, name, fills[(name, kind)], fill))
for line in bad:
    print("BAD " + line)
print("user frames %d, kernel frames %d, delimiters %d" %
      (counts["user"], counts["kernel"], counts["delimiter"]))
print("palette %s" % ("ok" if not bad else "WRONG"))
