/*
 * bpfd-workload: a small static program that gives probes in the guest
 * something to see, without needing a shell there.
 *
 *   workload [-n COUNT] [-i INTERVAL_MS] ACTION...
 *       Runs the actions in order, COUNT rounds (0: forever, the default),
 *       sleeping INTERVAL_MS (default 100) between rounds. Actions:
 *         open:PATH      open PATH read-only, read up to 4 KiB, close
 *         write:PATH     create/truncate PATH, write a line, close
 *         unlink:PATH    remove PATH
 *         exec:PATH[,ARG...]  fork, exec PATH with the ARGs, wait
 *         spawn:PATH[,ARG...] the same without waiting (the child runs on
 *                        beside this one; children are reaped at exit)
 *         coldexec:PATH[,ARG...] exec: with PATH and the ARGs on a page of
 *                        their own that the child does not touch before
 *                        execve: fork leaves the child's entry for it "old",
 *                        so a CPU without hardware access-flag updates
 *                        faults on a probe's no-fault read of the strings
 *         read:PATH      open PATH read-only, read it to its end, close
 *         dio:DEV        write then read 4 KiB of block device DEV with
 *                        O_DIRECT (offsets move on 4 KiB a round)
 *         connect:PORT   TCP: bring up loopback, listen on 127.0.0.1:PORT
 *                        (once), connect to it, accept, close both ends
 *         getpid         call getpid()
 *         mmap:PAGES     map PAGES anonymous pages read-only and unmap them:
 *                        mmap(0x10000000, PAGES pages, PROT_READ,
 *                        MAP_PRIVATE|MAP_ANONYMOUS, -1, 7 pages), six known
 *                        arguments (the hint and the offset are not 0)
 *         sleep:MS       sleep MS milliseconds
 *         print:TEXT     print TEXT and a newline on stdout
 *   workload greet [ARCH]
 *       Stands in for bpfd where a test or benchmark needs a trivial peer:
 *       prints "bpfd: version=0 arch=ARCH release=R standin=1", then answers
 *       each input line L with "echo: L"; the line "status N" sets the exit
 *       status, "wait PATH" waits (up to 60 s) for PATH to exist and answers
 *       "found: PATH" or "missing: PATH"; exits at end of input.
 *   workload true | workload false
 *       Exit 0 / 1 at once (targets for exec:).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <net/if.h>
#include <netinet/in.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static void usage(FILE *out) {
  fputs("usage: workload [-n COUNT] [-i INTERVAL_MS] ACTION...\n"
        "       workload greet [ARCH] | true | false\n"
        "actions: open:PATH read:PATH write:PATH unlink:PATH exec:PATH[,ARG...]\n"
        "         spawn:PATH[,ARG...] coldexec:PATH[,ARG...]\n"
        "         dio:DEV connect:PORT getpid mmap:PAGES\n"
        "         sleep:MS print:TEXT\n",
        out);
}

static void sleep_ms(long ms) {
  struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
  while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
    ;
}

/* Forks and execs the comma-separated PATH[,ARG...] of spec from the buffer
 * copy (the caller's: its stack, or a page of its own for coldexec:). */
static int do_exec_from(char *copy, size_t copy_size, const char *spec, int wait_for_it) {
  char *argv[32];
  int argc = 0;
  snprintf(copy, copy_size, "%s", spec);
  char *save = NULL;
  for (char *w = strtok_r(copy, ",", &save); w && argc < 31; w = strtok_r(NULL, ",", &save))
    argv[argc++] = w;
  argv[argc] = NULL;
  if (argc == 0)
    return -1;
  pid_t pid = fork();
  if (pid < 0)
    return -1;
  if (pid == 0) {
    execv(argv[0], argv);
    _exit(127);
  }
  if (wait_for_it) {
    int status;
    waitpid(pid, &status, 0);
  } else {
    while (waitpid(-1, NULL, WNOHANG) > 0) /* earlier spawns that ended */
      ;
  }
  return 0;
}

static int do_exec(const char *spec, int wait_for_it) {
  char copy[1024];
  return do_exec_from(copy, sizeof(copy), spec, wait_for_it);
}

/* exec: from a page that holds nothing else; unmapped again afterwards. */
static int do_cold_exec(const char *spec) {
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  char *copy = mmap(NULL, page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (copy == MAP_FAILED)
    return -1;
  int ret = do_exec_from(copy, page, spec, 1);
  munmap(copy, page);
  return ret;
}

/* O_DIRECT I/O on a block device: one aligned 4 KiB write, then its read. */
static int do_direct_io(const char *dev) {
  static unsigned char buf[4096] __attribute__((aligned(4096)));
  static off_t offset;
  int fd = open(dev, O_RDWR | O_DIRECT);
  if (fd < 0) {
    fprintf(stderr, "workload: cannot open %s with O_DIRECT: %s\n", dev, strerror(errno));
    return -1;
  }
  off_t size = lseek(fd, 0, SEEK_END);
  if (size < (off_t)sizeof(buf)) {
    fprintf(stderr, "workload: %s is smaller than 4 KiB\n", dev);
    close(fd);
    return -1;
  }
  if (offset + (off_t)sizeof(buf) > size)
    offset = 0;
  memset(buf, (int)(offset >> 12) & 0xff, sizeof(buf));
  int ok = pwrite(fd, buf, sizeof(buf), offset) == (ssize_t)sizeof(buf) &&
           pread(fd, buf, sizeof(buf), offset) == (ssize_t)sizeof(buf);
  if (!ok)
    fprintf(stderr, "workload: direct I/O on %s at %lld failed: %s\n", dev, (long long)offset,
            strerror(errno));
  offset += sizeof(buf);
  close(fd);
  return ok ? 0 : -1;
}

/* Sets IFF_UP on "lo"; the kernel then gives it 127.0.0.1/8. */
static int loopback_up(void) {
  int fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
  struct ifreq ifr;
  memset(&ifr, 0, sizeof(ifr));
  strcpy(ifr.ifr_name, "lo");
  int ok = fd >= 0 && ioctl(fd, SIOCGIFFLAGS, &ifr) == 0;
  if (ok && !(ifr.ifr_flags & IFF_UP)) {
    ifr.ifr_flags |= IFF_UP | IFF_RUNNING;
    ok = ioctl(fd, SIOCSIFFLAGS, &ifr) == 0;
  }
  if (!ok)
    fprintf(stderr, "workload: cannot bring up lo: %s\n", strerror(errno));
  if (fd >= 0)
    close(fd);
  return ok ? 0 : -1;
}

/* One TCP connection to 127.0.0.1:port, accepted and closed at once. */
static int do_connect(const char *port_text) {
  static int listener = -1;
  static int listen_port = -1;
  int port = atoi(port_text);
  struct sockaddr_in addr;
  memset(&addr, 0, sizeof(addr));
  addr.sin_family = AF_INET;
  addr.sin_port = htons((unsigned short)port);
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (port <= 0 || port > 65535) {
    fprintf(stderr, "workload: connect: bad port '%s'\n", port_text);
    return -1;
  }
  if (listener < 0 || listen_port != port) {
    if (listener >= 0)
      close(listener);
    if (loopback_up() != 0)
      return -1;
    int one = 1;
    listener = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (listener < 0 || setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)) != 0 ||
        bind(listener, (struct sockaddr *)&addr, sizeof(addr)) != 0 || listen(listener, 16) != 0) {
      fprintf(stderr, "workload: cannot listen on 127.0.0.1:%d: %s\n", port, strerror(errno));
      return -1;
    }
    listen_port = port;
  }
  int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0 || connect(fd, (struct sockaddr *)&addr, sizeof(addr)) != 0) {
    fprintf(stderr, "workload: cannot connect to 127.0.0.1:%d: %s\n", port, strerror(errno));
    if (fd >= 0)
      close(fd);
    return -1;
  }
  int peer = accept(listener, NULL, NULL);
  if (peer >= 0)
    close(peer);
  close(fd);
  return 0;
}

/* Runs one action; returns 0, or -1 with a message on stderr. */
static int run_action(const char *action) {
  const char *arg = strchr(action, ':');
  size_t name_len = arg ? (size_t)(arg - action) : strlen(action);
  if (arg)
    arg++;
#define IS(n) (name_len == strlen(n) && strncmp(action, n, name_len) == 0)
  if (IS("getpid")) {
    (void)getpid();
    return 0;
  }
  if (!arg) {
    fprintf(stderr, "workload: action '%s' needs an argument (NAME:ARG)\n", action);
    return -1;
  }
  if (IS("open")) {
    char buf[4096];
    int fd = open(arg, O_RDONLY);
    if (fd >= 0) {
      (void)!read(fd, buf, sizeof(buf));
      close(fd);
    }
    return 0;
  }
  if (IS("read")) {
    char buf[4096];
    int fd = open(arg, O_RDONLY);
    if (fd >= 0) {
      while (read(fd, buf, sizeof(buf)) > 0)
        ;
      close(fd);
    }
    return 0;
  }
  if (IS("dio"))
    return do_direct_io(arg);
  if (IS("connect"))
    return do_connect(arg);
  if (IS("write")) {
    int fd = open(arg, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) {
      (void)!write(fd, "workload\n", 9);
      close(fd);
    }
    return 0;
  }
  if (IS("mmap")) {
    long page = sysconf(_SC_PAGESIZE);
    size_t len = (size_t)atol(arg) * (size_t)page;
    void *p = mmap((void *)0x10000000, len, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 7 * page);
    if (p == MAP_FAILED) {
      fprintf(stderr, "workload: cannot map %s pages: %s\n", arg, strerror(errno));
      return -1;
    }
    munmap(p, len);
    return 0;
  }
  if (IS("unlink")) {
    unlink(arg);
    return 0;
  }
  if (IS("spawn"))
    return do_exec(arg, 0) == 0 ? 0 : (fprintf(stderr, "workload: cannot fork for '%s'\n", arg), -1);
  if (IS("coldexec"))
    return do_cold_exec(arg) == 0 ? 0 : (fprintf(stderr, "workload: cannot fork for '%s'\n", arg), -1);
  if (IS("exec"))
    return do_exec(arg, 1) == 0 ? 0 : (fprintf(stderr, "workload: cannot fork for '%s'\n", arg), -1);
  if (IS("sleep")) {
    sleep_ms(atol(arg));
    return 0;
  }
  if (IS("print")) {
    printf("%s\n", arg);
    fflush(stdout);
    return 0;
  }
#undef IS
  fprintf(stderr, "workload: unknown action '%s'\n", action);
  return -1;
}

static int greet(const char *arch) {
  struct utsname u;
  uname(&u);
  if (!arch)
    arch = strcmp(u.machine, "aarch64") == 0 ? "arm64" : u.machine;
  printf("bpfd: version=0 arch=%s release=%s standin=1\n", arch, u.release);
  fflush(stdout);
  char line[65536];
  int status = 0;
  while (fgets(line, sizeof(line), stdin)) {
    line[strcspn(line, "\n")] = 0;
    if (sscanf(line, "status %d", &status) == 1)
      continue;
    if (strncmp(line, "wait ", 5) == 0) {
      int found = 0;
      for (int i = 0; i < 6000 && !(found = access(line + 5, F_OK) == 0); i++)
        sleep_ms(10);
      printf("%s: %s\n", found ? "found" : "missing", line + 5);
      fflush(stdout);
      continue;
    }
    printf("echo: %s\n", line);
    fflush(stdout);
  }
  return status;
}

int main(int argc, char **argv) {
  if (argc >= 2 && strcmp(argv[1], "greet") == 0)
    return greet(argc >= 3 ? argv[2] : NULL);
  if (argc >= 2 && strcmp(argv[1], "true") == 0)
    return 0;
  if (argc >= 2 && strcmp(argv[1], "false") == 0)
    return 1;
  if (argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
    usage(stdout);
    return 0;
  }
  long count = 0, interval = 100;
  int opt;
  while ((opt = getopt(argc, argv, "n:i:")) != -1) {
    char *end;
    long *dest = opt == 'n' ? &count : opt == 'i' ? &interval : NULL;
    if (!dest) {
      usage(stderr);
      return 2;
    }
    *dest = strtol(optarg, &end, 10);
    if (*end || *dest < 0) {
      fprintf(stderr, "workload: -%c takes a number, not '%s'\n", opt, optarg);
      return 2;
    }
  }
  if (optind >= argc) {
    usage(stderr);
    return 2;
  }
  for (long round = 0; count == 0 || round < count; round++) {
    for (int i = optind; i < argc; i++)
      if (run_action(argv[i]) != 0)
        return 1;
    if (interval > 0 && (count == 0 || round + 1 < count))
      sleep_ms(interval);
  }
  return 0;
}
