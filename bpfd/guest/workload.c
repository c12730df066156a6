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
 *         getpid         call getpid()
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
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static void usage(FILE *out) {
  fputs("usage: workload [-n COUNT] [-i INTERVAL_MS] ACTION...\n"
        "       workload greet [ARCH] | true | false\n"
        "actions: open:PATH write:PATH unlink:PATH exec:PATH[,ARG...] getpid\n"
        "         sleep:MS print:TEXT\n",
        out);
}

static void sleep_ms(long ms) {
  struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
  while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
    ;
}

static int do_exec(const char *spec) {
  char copy[1024];
  char *argv[32];
  int argc = 0;
  snprintf(copy, sizeof(copy), "%s", spec);
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
  int status;
  waitpid(pid, &status, 0);
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
  if (IS("write")) {
    int fd = open(arg, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) {
      (void)!write(fd, "workload\n", 9);
      close(fd);
    }
    return 0;
  }
  if (IS("unlink")) {
    unlink(arg);
    return 0;
  }
  if (IS("exec"))
    return do_exec(arg) == 0 ? 0 : (fprintf(stderr, "workload: cannot fork for '%s'\n", arg), -1);
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
