"""A 'BCC tool' that prints what bpfd-bcc gives its tool: the interpreter,
argv and the environment, checked against the files they name."""
import os
import stat
import sys

env = os.environ
print("python:", sys.executable)
print("argv:", sys.argv[1:])
lib = env["LD_LIBRARY_PATH"].split(":")[0]
print("libbcc folder first:", lib.endswith("/lib/bpfd-bcc"))
print("socket:", stat.S_ISSOCK(os.stat(env["BPFD_BCC_SOCKET"]).st_mode))
print("greeting:", env["BPFD_BCC_GREETING"].startswith("bpfd: version=1 arch=%s release=%s "
                                                        % (env["BPFD_BCC_ARCH"], env["BPFD_BCC_RELEASE"])))
print("arch:", env["BPFD_BCC_ARCH"])
kernel = env["BPFD_BCC_KERNEL"]
print("kernel headers:", os.path.basename(kernel) == "linux-headers-" + env["BPFD_BCC_RELEASE"],
      os.path.isfile(os.path.join(kernel, "Makefile")))
print("cache:", os.path.isdir(env["BPFD_CACHE_DIR"]))
print("device root:", sorted(os.listdir(env["BPFD_BCC_DEVICE_ROOT"])))
print("PYTHONDONTWRITEBYTECODE:", env.get("PYTHONDONTWRITEBYTECODE"))
