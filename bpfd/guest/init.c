/*
 * The guest's /init (PID 1) for the QEMU device harness.
 *
 * Boots the minimal guest, joins /bin/bpfd to the host through a virtio-serial
 * port and powers off when bpfd exits. What it does, in order:
 *   1. mounts proc, sysfs, devtmpfs, tracefs, debugfs and bpffs;
 *   2. loads the modules named in /etc/modules (one a line) from
 *      /lib/modules/NAME.ko with finit_module, then every
 *      /lib/modules/extra/NAME.ko in name order (added with bpfd-remote
 *      --guest-file, dependencies first, e.g. 01-crc16.ko ... 05-ext4.ko;
 *      a module that fails is reported, not fatal);
 *   3. finds the virtio-serial ports named "bpfd" (data) and "bpfd-ctl"
 *      (control) through /sys/class/virtio-ports/<port>/name;
 *   4. starts the optional workload in the background: /etc/workload (argv,
 *      one word a line), else the kernel command line word
 *      bpfd_workload=PROG,ARG,... (no '.' in it: such words are module
 *      parameters);
 *   5. runs /bin/bpfd (extra arguments from /etc/bpfd-args) with stdin and
 *      stdout on pipes that this init relays to and from the data port, and
 *      stderr on the console;
 *   6. when bpfd exits: reports what it left behind in the kernel (BPF
 *      programs, maps, links, kprobe/uprobe events, bpffs pins) and powers off.
 *
 * The relay exists so that the host can end bpfd's input without hanging up:
 * the host writes "eof N" on the control port, N being the number of bytes it
 * sent on the data port; once N bytes have been handed to bpfd its stdin is
 * closed, while its output still reaches the host. A host that hangs up the
 * data port also ends bpfd's input and closes its output (its writes fail).
 *
 * Console lines for the harness all start with "BPFD-GUEST: ":
 *   MODULE-FAILED PATH: ERROR     an extra module did not load
 *   READY bpfd=PID port=DEV       bpfd started
 *   WORKLOAD pid=PID argv0=PATH   workload started
 *   EXIT status=N                 bpfd ended (N: exit code, or 128+signal)
 *   LEFT progs=N maps=N links=N kprobe_events=N uprobe_events=N pinned=N
 *   HUNG-UP                       the host hung up the data port
 *   CLEAN ms=N since=WHAT         N: ms from WHAT (hang-up: the host hung up;
 *                                 bpfd-killed: "kill-bpfd" on the control
 *                                 port; eof: "eof N"; bpfd-exit: bpfd ended
 *                                 by itself) until all LEFT counts were 0;
 *                                 -1 if they were not (after 2 s of waiting
 *                                 for programs, maps and links to go)
 *   kprobe_event: LINE            one per line left in kprobe_events
 *   BYE status=N                  powering off
 *   FATAL MESSAGE                 the guest could not run bpfd
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/bpf.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define SENTINEL "BPFD-GUEST: "
#define MAX_ARGS 64
#define RELAY_BUF (64 * 1024)

static void say(const char *fmt, ...) {
  /* One write a line: the workload writes to the same console, and a line
     written in two parts was seen split by its output (7.x's guests start
     the workload sooner). */
  char line[1024] = SENTINEL;
  size_t head = sizeof(SENTINEL) - 1;
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(line + head, sizeof(line) - head - 1, fmt, ap);
  va_end(ap);
  if (n < 0)
    return;
  if (n > (int)(sizeof(line) - head - 2))
    n = (int)(sizeof(line) - head - 2);
  line[head + n++] = '\n';
  /* fd 2 is the console the kernel opened for PID 1. */
  (void)!write(2, line, head + n);
}

static void power_off(int status) {
  say("BYE status=%d", status);
  sync();
  reboot(RB_POWER_OFF);
  for (;;)
    pause();
}

static void fatal(const char *fmt, ...) {
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof(msg), fmt, ap);
  va_end(ap);
  say("FATAL %s", msg);
  power_off(255);
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void sleep_ms(int ms) {
  struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
  nanosleep(&ts, NULL);
}

/* ---- 1. file systems ---------------------------------------------------- */

/* The kernel command line word bpfd_nomount=TYPE,... leaves those file
 * systems unmounted: a device without tracefs, for the fault suite. */
static int skipped_mount(const char *type) {
  const char *list = getenv("bpfd_nomount");
  size_t n = strlen(type);
  for (const char *p = list; p && *p;) {
    const char *end = strchr(p, ',');
    size_t len = end ? (size_t)(end - p) : strlen(p);
    if (len == n && strncmp(p, type, n) == 0)
      return 1;
    p = end ? end + 1 : NULL;
  }
  return 0;
}

static void mount_one(const char *src, const char *dir, const char *type) {
  mkdir(dir, 0755);
  if (skipped_mount(type)) {
    say("NOMOUNT %s", type);
    return;
  }
  if (mount(src, dir, type, 0, NULL) != 0 && errno != EBUSY)
    say("warning: cannot mount %s on %s: %s", type, dir, strerror(errno));
}

static void mount_all(void) {
  mount_one("proc", "/proc", "proc");
  mount_one("sysfs", "/sys", "sysfs");
  mount_one("devtmpfs", "/dev", "devtmpfs");
  mount_one("tracefs", "/sys/kernel/tracing", "tracefs");
  mount_one("debugfs", "/sys/kernel/debug", "debugfs");
  mount_one("bpf", "/sys/fs/bpf", "bpf");
  mount_one("tmpfs", "/tmp", "tmpfs");
}

/* ---- 2. modules ----------------------------------------------------------- */

/* Reads a file of words, one a line, into words[] (at most max); returns the
 * count, or -1 if the file does not exist. */
static int read_words(const char *path, char *store, size_t store_size, char **words, int max) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return -1;
  ssize_t n = read(fd, store, store_size - 1);
  close(fd);
  if (n < 0)
    return -1;
  store[n] = 0;
  int count = 0;
  char *save = NULL;
  for (char *w = strtok_r(store, "\n", &save); w && count < max; w = strtok_r(NULL, "\n", &save))
    if (*w)
      words[count++] = w;
  return count;
}

static void load_modules(void) {
  static char store[4096];
  char *names[MAX_ARGS];
  int count = read_words("/etc/modules", store, sizeof(store), names, MAX_ARGS);
  for (int i = 0; i < count; i++) {
    char path[256];
    snprintf(path, sizeof(path), "/lib/modules/%s.ko", names[i]);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
      fatal("cannot open module %s: %s", path, strerror(errno));
    if (syscall(SYS_finit_module, fd, "", 0) != 0 && errno != EEXIST)
      fatal("cannot load module %s: %s", path, strerror(errno));
    close(fd);
  }
  struct dirent **extra;
  int n = scandir("/lib/modules/extra", &extra, NULL, alphasort);
  for (int i = 0; i < n; i++) {
    const char *name = extra[i]->d_name;
    size_t len = strlen(name);
    char path[512];
    snprintf(path, sizeof(path), "/lib/modules/extra/%s", name);
    int fd = len > 3 && strcmp(name + len - 3, ".ko") == 0 ? open(path, O_RDONLY | O_CLOEXEC) : -2;
    if (fd == -1 || (fd >= 0 && syscall(SYS_finit_module, fd, "", 0) != 0 && errno != EEXIST))
      say("MODULE-FAILED %s: %s", path, strerror(errno));
    if (fd >= 0)
      close(fd);
    free(extra[i]);
  }
  if (n >= 0)
    free(extra);
}

/* ---- 3. ports --------------------------------------------------------------- */

/* Finds the /dev node of the virtio-serial port called `name`; waits for
 * it up to timeout_ms. */
static int find_port(const char *name, char *dev, size_t dev_size, int timeout_ms) {
  double deadline = now() + timeout_ms / 1000.0;
  do {
    DIR *dir = opendir("/sys/class/virtio-ports");
    struct dirent *ent;
    while (dir && (ent = readdir(dir))) {
      if (ent->d_name[0] == '.')
        continue;
      char path[300], buf[64];
      snprintf(path, sizeof(path), "/sys/class/virtio-ports/%s/name", ent->d_name);
      int fd = open(path, O_RDONLY | O_CLOEXEC);
      if (fd < 0)
        continue;
      ssize_t n = read(fd, buf, sizeof(buf) - 1);
      close(fd);
      if (n <= 0)
        continue;
      buf[n] = 0;
      buf[strcspn(buf, "\n")] = 0;
      if (strcmp(buf, name) != 0)
        continue;
      snprintf(dev, dev_size, "/dev/%s", ent->d_name);
      if (access(dev, F_OK) == 0) {
        closedir(dir);
        return 0;
      }
    }
    if (dir)
      closedir(dir);
    sleep_ms(10);
  } while (now() < deadline);
  return -1;
}

/* A port polls POLLHUP until the host side opens its chardev. */
static int wait_host(int fd, int timeout_ms) {
  double deadline = now() + timeout_ms / 1000.0;
  do {
    struct pollfd p = {fd, POLLIN, 0};
    if (poll(&p, 1, 0) >= 0 && !(p.revents & POLLHUP))
      return 0;
    sleep_ms(5);
  } while (now() < deadline);
  return -1;
}

/* ---- 4/5. children ---------------------------------------------------------- */

static pid_t spawn(char **argv, int in_fd, int out_fd) {
  pid_t pid = fork();
  if (pid != 0)
    return pid;
  if (dup2(in_fd, 0) < 0 || dup2(out_fd, 1) < 0)
    _exit(126);
  signal(SIGPIPE, SIG_DFL); /* init ignores it; its children must not inherit that */
  for (int fd = 3; fd < 256; fd++)
    close(fd);
  char *envp[] = {"PATH=/bin", "HOME=/", NULL};
  execve(argv[0], argv, envp);
  fprintf(stderr, SENTINEL "cannot run %s: %s\n", argv[0], strerror(errno));
  _exit(127);
}

static int exit_code(int wstatus) {
  if (WIFEXITED(wstatus))
    return WEXITSTATUS(wstatus);
  if (WIFSIGNALED(wstatus))
    return 128 + WTERMSIG(wstatus);
  return 255;
}

static pid_t start_workload(void) {
  static char store[4096];
  char *argv[MAX_ARGS + 1];
  int argc = read_words("/etc/workload", store, sizeof(store), argv, MAX_ARGS);
  /* Else the kernel command line word bpfd_workload=PROG,ARG,... (plain
   * key=value words reach init's environment). */
  const char *words = getenv("bpfd_workload");
  if (argc <= 0 && words && *words) {
    snprintf(store, sizeof(store), "%s", words);
    char *save = NULL;
    argc = 0;
    for (char *w = strtok_r(store, ",", &save); w && argc < MAX_ARGS; w = strtok_r(NULL, ",", &save))
      argv[argc++] = w;
  }
  if (argc <= 0)
    return 0;
  argv[argc] = NULL;
  int null_fd = open("/dev/null", O_RDWR | O_CLOEXEC);
  pid_t pid = spawn(argv, null_fd < 0 ? 2 : null_fd, 2);
  if (null_fd >= 0)
    close(null_fd);
  if (pid < 0)
    fatal("cannot fork the workload: %s", strerror(errno));
  say("WORKLOAD pid=%d argv0=%s", (int)pid, argv[0]);
  return pid;
}

/* ---- the relay ---------------------------------------------------------------- */

struct buffer {
  char data[RELAY_BUF];
  size_t len;
};

static int flush_some(int fd, struct buffer *b) {
  ssize_t n = write(fd, b->data, b->len);
  if (n < 0)
    return errno == EAGAIN || errno == EINTR ? 0 : -1;
  memmove(b->data, b->data + n, b->len - n);
  b->len -= n;
  return 0;
}

/* The fault that ends the session (CLEAN's reference): what, and when. */
static const char *fault_what;
static double fault_at;

static void note_fault(const char *what) {
  if (!fault_what) {
    fault_what = what;
    fault_at = now();
  }
}

/* The host hung up the data port: said once, so that a host that did not
 * mean to (a broken link) learns that bpfd's later output was lost. */
static void note_hang_up(void) {
  static int said;
  note_fault("hang-up");
  if (!said++)
    say("HUNG-UP");
}

/* Set by the control line "kill-bpfd" (the fault hook's kill-bpfd). */
static int kill_requested;

/* Parses "eof N" and "kill-bpfd" lines from the control port; returns N of
 * "eof N" or -1. */
static long long read_ctl(int fd, int *hung_up) {
  static char line[128];
  static size_t len;
  char buf[64];
  ssize_t n = read(fd, buf, sizeof(buf));
  if (n == 0) {
    *hung_up = 1;
    return -1;
  }
  long long result = -1;
  for (ssize_t i = 0; i < n; i++) {
    if (buf[i] != '\n') {
      if (len < sizeof(line) - 1)
        line[len++] = buf[i];
      continue;
    }
    line[len] = 0;
    len = 0;
    long long value;
    if (sscanf(line, "eof %lld", &value) == 1 && value >= 0)
      result = value;
    else if (strcmp(line, "kill-bpfd") == 0)
      kill_requested = 1;
    else
      say("warning: unknown control line '%s'", line);
  }
  return result;
}

/* Runs bpfd and relays until it has exited and its output is delivered;
 * returns its exit code. */
static int run_bpfd(int data, int ctl, const char *port) {
  static char store[4096];
  char *argv[MAX_ARGS + 2];
  argv[0] = "/bin/bpfd";
  int extra = read_words("/etc/bpfd-args", store, sizeof(store), argv + 1, MAX_ARGS);
  argv[1 + (extra > 0 ? extra : 0)] = NULL;

  int to_bpfd[2], from_bpfd[2];
  if (pipe2(to_bpfd, O_CLOEXEC) != 0 || pipe2(from_bpfd, O_CLOEXEC) != 0)
    fatal("cannot create pipes: %s", strerror(errno));
  pid_t pid = spawn(argv, to_bpfd[0], from_bpfd[1]);
  if (pid < 0)
    fatal("cannot fork bpfd: %s", strerror(errno));
  close(to_bpfd[0]);
  close(from_bpfd[1]);
  fcntl(to_bpfd[1], F_SETFL, O_NONBLOCK);
  say("READY bpfd=%d port=%s", (int)pid, port);

  static struct buffer in, out; /* host->bpfd, bpfd->host */
  int in_fd = to_bpfd[1], out_fd = from_bpfd[0];
  int host_gone = 0, ctl_gone = ctl < 0;
  long long received = 0, eof_at = -1;
  int status = -1;

  while (out_fd >= 0 || out.len > 0 || status < 0) {
    /* Reap every child (PID 1 adopts orphans); note bpfd's status. */
    int ws;
    pid_t dead;
    while ((dead = waitpid(-1, &ws, WNOHANG)) > 0)
      if (dead == pid) {
        status = exit_code(ws);
        note_fault("bpfd-exit");
      }
    if (kill_requested == 1 && status < 0) {
      kill_requested = 2;
      note_fault("bpfd-killed");
      kill(pid, SIGKILL);
    }
    if (host_gone)
      note_fault("hang-up");

    /* End bpfd's input once all the host sent has been handed over. */
    if (in_fd >= 0 && in.len == 0 &&
        (host_gone || (eof_at >= 0 && received >= eof_at))) {
      close(in_fd);
      in_fd = -1;
    }
    /* The host is gone: so is the reader of bpfd's output, as on a device
     * whose link died (bpfd's writes fail, it stops and cleans up). */
    if (host_gone && out_fd >= 0) {
      close(out_fd);
      out_fd = -1;
    }
    if (host_gone)
      out.len = 0;

    struct pollfd p[4];
    int np = 0, i_data = -1, i_ctl = -1, i_in = -1, i_out = -1;
    if (!host_gone) {
      short ev = 0;
      if (in_fd >= 0 && in.len < RELAY_BUF && (eof_at < 0 || received < eof_at))
        ev |= POLLIN;
      if (out.len > 0)
        ev |= POLLOUT;
      i_data = np;
      p[np++] = (struct pollfd){data, ev, 0};
    }
    if (!ctl_gone) {
      i_ctl = np;
      p[np++] = (struct pollfd){ctl, POLLIN, 0};
    }
    if (in_fd >= 0 && in.len > 0) {
      i_in = np;
      p[np++] = (struct pollfd){in_fd, POLLOUT, 0};
    }
    if (out_fd >= 0 && out.len < RELAY_BUF) {
      i_out = np;
      p[np++] = (struct pollfd){out_fd, POLLIN, 0};
    }
    if (poll(p, np, 100) < 0 && errno != EINTR)
      fatal("poll failed: %s", strerror(errno));

    if (i_data >= 0 && p[i_data].revents) {
      short r = p[i_data].revents;
      if (r & POLLIN) {
        size_t room = RELAY_BUF - in.len;
        if (eof_at >= 0 && (long long)room > eof_at - received)
          room = eof_at - received;
        ssize_t n = room ? read(data, in.data + in.len, room) : 0;
        if (n > 0) {
          in.len += n;
          received += n;
        } else if (room && n == 0) {
          host_gone = 1, note_hang_up();
        }
      } else if (r & (POLLHUP | POLLERR)) {
        host_gone = 1, note_hang_up();
      }
      if (!host_gone && (r & POLLOUT) && out.len > 0 && flush_some(data, &out) < 0)
        host_gone = 1, note_hang_up();
    }
    if (i_ctl >= 0 && (p[i_ctl].revents & POLLIN)) {
      long long n = read_ctl(ctl, &ctl_gone);
      if (n >= 0) {
        eof_at = n;
        note_fault("eof");
      }
    } else if (i_ctl >= 0 && (p[i_ctl].revents & (POLLHUP | POLLERR))) {
      ctl_gone = 1;
    }
    if (i_in >= 0 && p[i_in].revents) {
      if ((p[i_in].revents & POLLERR) || flush_some(in_fd, &in) < 0) {
        /* bpfd closed its stdin: drop what it will never read. */
        close(in_fd);
        in_fd = -1;
        in.len = 0;
      }
    }
    if (i_out >= 0 && p[i_out].revents) {
      ssize_t n = read(out_fd, out.data + out.len, RELAY_BUF - out.len);
      if (n > 0) {
        out.len += n;
      } else if (n == 0 || (errno != EAGAIN && errno != EINTR)) {
        close(out_fd);
        out_fd = -1;
      }
    }
  }
  if (in_fd >= 0)
    close(in_fd);
  return status;
}

/* ---- 6. what bpfd left behind -------------------------------------------- */

static int count_bpf_ids(int cmd) {
  union bpf_attr attr;
  int count = 0;
  memset(&attr, 0, sizeof(attr));
  while (syscall(SYS_bpf, cmd, &attr, sizeof(attr)) == 0 && count < 100000) {
    count++;
    attr.start_id = attr.next_id;
  }
  return count;
}

static int count_pins(const char *path) {
  DIR *dir = opendir(path);
  if (!dir)
    return 0;
  int count = 0;
  struct dirent *ent;
  while ((ent = readdir(dir))) {
    if (ent->d_name[0] == '.')
      continue;
    count++;
    if (ent->d_type == DT_DIR) {
      char sub[512];
      snprintf(sub, sizeof(sub), "%s/%s", path, ent->d_name);
      count += count_pins(sub);
    }
  }
  closedir(dir);
  return count;
}

/* Counts the lines of a tracefs file; prints each with `tag` if given. */
static int count_lines(const char *path, const char *tag) {
  static char buf[16384];
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return 0;
  ssize_t n = read(fd, buf, sizeof(buf) - 1);
  close(fd);
  if (n <= 0)
    return 0;
  buf[n] = 0;
  int count = 0;
  char *save = NULL;
  for (char *l = strtok_r(buf, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
    count++;
    if (tag)
      say("%s: %s", tag, l);
  }
  return count;
}

static void report_leftovers(void) {
  /* Programs and maps are freed after an RCU grace period: count them until
   * they are gone, for up to 2 s. Events and pins do not go by themselves
   * once bpfd is gone (and reap_after ran): no waiting for them. */
  int progs, maps, links, kprobes, uprobes, pins;
  double deadline = now() + 2.0, clean_at = -1;
  for (;;) {
    progs = count_bpf_ids(BPF_PROG_GET_NEXT_ID);
    maps = count_bpf_ids(BPF_MAP_GET_NEXT_ID);
    links = count_bpf_ids(BPF_LINK_GET_NEXT_ID);
    kprobes = count_lines("/sys/kernel/tracing/kprobe_events", NULL);
    uprobes = count_lines("/sys/kernel/tracing/uprobe_events", NULL);
    pins = count_pins("/sys/fs/bpf");
    if (progs + maps + links + kprobes + uprobes + pins == 0) {
      clean_at = now();
      break;
    }
    if (progs + maps + links == 0 || now() >= deadline)
      break;
    sleep_ms(20);
  }
  count_lines("/sys/kernel/tracing/kprobe_events", "kprobe_event");
  count_lines("/sys/kernel/tracing/uprobe_events", "uprobe_event");
  say("LEFT progs=%d maps=%d links=%d kprobe_events=%d uprobe_events=%d pinned=%d", progs, maps,
      links, kprobes, uprobes, pins);
  if (!fault_what)
    note_fault("bpfd-exit");
  say("CLEAN ms=%d since=%s", clean_at < 0 ? -1 : (int)((clean_at - fault_at) * 1000 + 0.5),
      fault_what);
}

/* A bpfd that was killed could not remove its tracefs events: the next bpfd
 * does that when it starts; here one runs for that alone. */
static void reap_after(int status) {
  if (status < 128 || access("/bin/bpfd", X_OK) != 0)
    return;
  char *argv[] = {"/bin/bpfd", "--reap", NULL};
  int null_fd = open("/dev/null", O_RDWR | O_CLOEXEC);
  pid_t pid = spawn(argv, null_fd < 0 ? 2 : null_fd, 2);
  if (null_fd >= 0)
    close(null_fd);
  int ws;
  if (pid > 0)
    waitpid(pid, &ws, 0);
}

int main(void) {
  if (getpid() != 1) {
    fprintf(stderr, "bpfd guest init: must run as PID 1 of a guest\n");
    return 2;
  }
  signal(SIGPIPE, SIG_IGN);
  mount_all();
  load_modules();

  char data_dev[300], ctl_dev[300];
  if (find_port("bpfd", data_dev, sizeof(data_dev), 20000) != 0)
    fatal("no virtio-serial port named 'bpfd' after 20 s");
  /* Non-blocking: a write to a port whose host just hung up would block
   * for good (virtio_console waits for the host to come back), and the init
   * would never report or power off. */
  int data = open(data_dev, O_RDWR | O_CLOEXEC | O_NONBLOCK);
  if (data < 0)
    fatal("cannot open %s: %s", data_dev, strerror(errno));
  int ctl = -1;
  if (find_port("bpfd-ctl", ctl_dev, sizeof(ctl_dev), 2000) == 0)
    ctl = open(ctl_dev, O_RDWR | O_CLOEXEC);

  pid_t workload = start_workload();
  if (wait_host(data, 60000) != 0)
    fatal("the host did not open the 'bpfd' port within 60 s");
  if (ctl >= 0 && wait_host(ctl, 5000) != 0) {
    close(ctl);
    ctl = -1;
  }

  int status = run_bpfd(data, ctl, data_dev);
  say("EXIT status=%d", status);
  if (workload > 0) {
    kill(workload, SIGKILL);
    while (waitpid(-1, NULL, WNOHANG) > 0)
      ;
  }
  reap_after(status);
  report_leftovers();
  close(data);
  power_off(status);
}
