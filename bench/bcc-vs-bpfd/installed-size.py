#!/usr/bin/env python3
"""What a package needs installed on top of a minimal Debian, from a root
file system's dpkg database (no apt, no network).

  installed-size.py ADMINDIR PACKAGE...

Prints "<KiB> <count> <packages...>": the Installed-Size sum of the
dependency closure (Depends + Pre-Depends, first installed alternative,
virtual names through Provides) of PACKAGE..., minus the closure of what
`debootstrap --variant=minbase` installs by itself (every package of
Priority: required, plus apt).
"""
import re
import subprocess
import sys


def read_db(admindir):
    fmt = "${Package}\t${Priority}\t${Installed-Size}\t${Depends}\t${Pre-Depends}\t${Provides}\t${db:Status-Abbrev}\n"
    out = subprocess.run(["dpkg-query", "--admindir=" + admindir, "-W", "-f=" + fmt],
                         check=True, capture_output=True, text=True).stdout
    pkgs, provides = {}, {}
    for line in out.splitlines():
        name, prio, size, dep, predep, prov, status = line.split("\t")
        if not status.startswith("ii"):
            continue
        pkgs[name] = (prio, int(size or 0), ", ".join(d for d in (dep, predep) if d))
        for p in filter(None, (x.strip() for x in prov.split(","))):
            provides.setdefault(re.split(r"[ (:]", p)[0], []).append(name)
    return pkgs, provides


def closure(roots, pkgs, provides):
    seen, todo = set(), list(roots)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        for clause in filter(None, (c.strip() for c in pkgs[name][2].split(","))):
            for alt in (a.strip() for a in clause.split("|")):
                dep = re.split(r"[ (:]", alt)[0]
                hit = dep if dep in pkgs else next(iter(provides.get(dep, [])), None)
                if hit:
                    todo.append(hit)
                    break
    return seen


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: installed-size.py ADMINDIR PACKAGE...")
    pkgs, provides = read_db(sys.argv[1])
    missing = [p for p in sys.argv[2:] if p not in pkgs]
    if missing:
        sys.exit("installed-size: not installed in %s: %s" % (sys.argv[1], " ".join(missing)))
    base = closure([n for n, v in pkgs.items() if v[0] == "required"] +
                   (["apt"] if "apt" in pkgs else []), pkgs, provides)
    extra = sorted(closure(sys.argv[2:], pkgs, provides) - base)
    print(sum(pkgs[n][1] for n in extra), len(extra), " ".join(extra))


if __name__ == "__main__":
    main()
