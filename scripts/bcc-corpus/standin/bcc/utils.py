"""Helpers of bcc.utils that tools use while building their programs."""
import re
import sys
import warnings

from ._recorder import facts


def get_online_cpus():
    return list(range(facts().cpus))


def get_possible_cpus():
    return list(range(facts().cpus))


def detect_language(candidates, pid):
    # Answered by the tool's arguments (-l LANG) in the corpus; a pid of the
    # host says nothing about the target.
    return None


def printb(s, file=sys.stdout, nl=1):
    buf = file.buffer if hasattr(file, "buffer") else file
    buf.write(s if isinstance(s, bytes) else str(s).encode())
    if nl:
        buf.write(b"\n")
    file.flush()


class ArgString(object):
    """A command-line argument usable as both str and bytes."""

    def __init__(self, arg):
        self.s = arg.encode(sys.getfilesystemencoding()) if isinstance(arg, str) else bytes(arg)

    def __bytes__(self):
        return self.s

    def __str__(self):
        return self.s.decode(sys.getfilesystemencoding())


def warn_with_traceback(message, category, filename, lineno, file=None, line=None):
    warnings.showwarning(message, category, filename, lineno, file, line)


def _assert_is_bytes(arg):
    if arg is None:
        return arg
    if isinstance(arg, str):
        return arg.encode()
    return arg


class StrcmpRewrite(object):
    """STRCMP("literal", expr) in trace/argdist filters becomes a call of a
    generated comparison function, as BCC does."""

    @staticmethod
    def _streq(literal, read_func, functions, probeid):
        name = "streq_%d" % probeid
        functions += """
static inline bool %s(char const *ignored, uintptr_t str) {
        char needle[] = %s;
        char haystack[sizeof(needle)];
        %s(&haystack, sizeof(haystack), (void *)str);
        for (int i = 0; i < sizeof(needle) - 1; ++i) {
                if (needle[i] != haystack[i])
                        return false;
        }
        return true;
}
""" % (name, literal, read_func)
        return name, functions

    @staticmethod
    def rewrite_expr(expr, bin_cmp, is_user, probe_user_list, streq_functions, probeid):
        pattern = r'STRCMP\("([^"]+)",(.+?)\)' if bin_cmp else r'STRCMP\(("[^"]+"),(.+?)\)'
        for m in re.finditer(pattern, expr):
            read_func = "bpf_probe_read"
            if is_user or m.group(2).strip() in probe_user_list:
                read_func = "bpf_probe_read_user"
            name, streq_functions = StrcmpRewrite._streq(m.group(1), read_func,
                                                         streq_functions, probeid)
            probeid += 1
            expr = expr.replace("STRCMP", name, 1)
        return {"expr": expr, "streq_functions": streq_functions, "probeid": probeid}
