"""Where a build keeps what the benches need (shared by bench/*.py)."""
import os


def cache_dir(build):
    """The cache folder: $BPFD_CACHE_DIR, else the build's -DBPFD_CACHE_DIR,
    else BUILD/cache."""
    if os.environ.get("BPFD_CACHE_DIR"):
        return os.environ["BPFD_CACHE_DIR"]
    try:
        for line in open(os.path.join(build, "CMakeCache.txt")):
            if line.startswith("BPFD_CACHE_DIR:"):
                return line.split("=", 1)[1].strip() or os.path.join(build, "cache")
    except OSError:
        pass
    return os.path.join(build, "cache")
