"""Copies bpfd-remote's output, with each reply payload line ("+ " and words)
whose every word is base64 (a map's key and value, a lookup's value) shown
as hex instead, so that a check can take bytes from a substitution:
  + AAAAAA== AQAAAAABBgA=   ->   + 00000000 0100000000010600"""
import base64
import binascii
import re
import sys

BASE64_WORD = re.compile(r"^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$")

for line in sys.stdin:
    words = line.rstrip("\n").split(" ")
    if len(words) > 1 and words[0] == "+" and all(w and BASE64_WORD.match(w) for w in words[1:]):
        try:
            line = "+ " + " ".join(base64.b64decode(w).hex() for w in words[1:]) + "\n"
        except binascii.Error:
            pass
    sys.stdout.write(line)
