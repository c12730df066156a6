"""A bench's progress lines on stderr, '[+  12 s] NAME: message', timed from
when the bench started (imported this module)."""
import sys
import time

T0 = time.monotonic()


def reporter(name):
    """(say, die) for the bench NAME: die(msg) says msg and exits 1."""
    def say(msg):
        print("[+%4.0f s] %s: %s" % (time.monotonic() - T0, name, msg), file=sys.stderr, flush=True)

    def die(msg):
        say(msg)
        sys.exit(1)
    return say, die
