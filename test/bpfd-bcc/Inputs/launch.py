"""Runs the launcher, `bpfd-bcc ARGS...`, with TMPDIR set to a new short
private folder (QEMU's and the launcher's run folders go there), and
afterwards reports what is left of the run: processes whose command line
names the folder, and files in it.

  launch.py [MODE] -- ARGS...
    (no MODE)           stdout as it came, then stderr lines as 'stderr: ...'
    --interrupt kill    once the tool printed a line 'ready': SIGINT to the
                        launcher's pid alone (as `kill PID` does)
    --interrupt pty     the launcher on a pseudo-terminal; once 'ready', a
                        typed Ctrl-C (SIGINT to the foreground process group:
                        launcher and tool); stdout and stderr are the terminal
    --lose-guest FLAG   once 'ready': kill this run's QEMU (by pid), then
                        create FLAG (the tool waits for it)
Ends with 'launcher exit status N', 'processes left: N', 'files left: N'."""
import os
import pty
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

args = sys.argv[1:]
mode, flag = None, None
while args and args[0] != "--":
    if args[0] == "--interrupt":
        mode = args[1]
    elif args[0] == "--lose-guest":
        mode, flag = "lose", args[1]
    args = args[2:]
args = args[1:]
tmp = tempfile.mkdtemp(prefix="bpfd-bcc-test-", dir="/tmp")
env = dict(os.environ, TMPDIR=tmp)
deadline = time.time() + 300


def processes():
    out = subprocess.run(["pgrep", "-f", tmp + "/"], capture_output=True, text=True).stdout
    return [int(p) for p in out.split()]


if mode == "pty":
    pid, fd = pty.fork()
    if pid == 0:
        os.execvpe(args[0], args, env)
    data, sent = b"", False
    while time.time() < deadline:
        try:
            chunk = os.read(fd, 4096)
        except OSError:  # EIO: the terminal's last user closed it
            break
        if not chunk:
            break
        data += chunk
        if not sent and re.search(rb"(^|\n)ready\r?\n", data):
            os.write(fd, b"\x03")
            sent = True
    _, status = os.waitpid(pid, 0)
    sys.stdout.write(data.decode(errors="replace").replace("\r\n", "\n"))
    code = os.waitstatus_to_exitcode(status)
else:
    p = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    lines = []
    if mode:
        for line in p.stdout:
            lines.append(line)
            if line.strip() == "ready":
                break
        if mode == "kill":
            os.kill(p.pid, signal.SIGINT)
        elif mode == "lose":
            qemu = [q for q in processes()
                    if open("/proc/%d/comm" % q).read().startswith("qemu-system")]
            print("qemu processes of this run:", len(qemu))
            for q in qemu:
                os.kill(q, signal.SIGKILL)
            open(flag, "w").close()
    out, err = p.communicate(timeout=max(1, deadline - time.time()))
    sys.stdout.write("".join(lines) + out)
    for line in err.splitlines():
        print("stderr: " + line)
    code = p.returncode
print("launcher exit status", code)
time.sleep(0.2)
print("processes left:", len(processes()))
left = os.listdir(tmp)
print("files left:", len(left), " ".join(sorted(left)))
shutil.rmtree(tmp, ignore_errors=True)
