/* libbpf-peer: loads libbpf-style BPF objects with Debian's libbpf, as a
 * libbpf tool would, to set beside bpfd's loads of the same objects.
 *
 *   libbpf-peer [-v] [-o FILE] OBJECT... [SECONDS]
 *
 * Each OBJECT in turn: bpf_object__open_file, bpf_object__load,
 * bpf_program__attach of every program, one line a program
 *   prog NAME: loaded | attached | error -E: MESSAGE
 * then its ring buffers and perf buffers are read for SECONDS (default 0;
 * without buffers it sleeps), each record printed as "ringbuf MAP: B64" or
 * "perf MAP: B64", then the entries of its small hash and array maps
 * (global data included) as "map NAME: KEY VALUE" (base64), and the object
 * is closed. The last line is "libbpf-peer: exit status=N"; the status is 1
 * if an object failed to open or load, 2 on a usage error, else 0.
 * libbpf's warnings (with -v its debug messages, verifier logs included) go
 * to stderr. -o FILE writes the report to FILE (in a guest without a shell,
 * the workload's stdout is /dev/null: -o /dev/console). */
#include <bpf/libbpf.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "peer.h"

FILE *peer_out;
static int verbose;
/* libbpf's warnings so far: an attach that failed without one is libbpf's
 * own -EOPNOTSUPP for a section it has no attach rule for. */
static unsigned warnings;

static int print_libbpf(enum libbpf_print_level level, const char *format, va_list args) {
  if (level == LIBBPF_WARN)
    ++warnings;
  if (level == LIBBPF_DEBUG && !verbose)
    return 0;
  return vfprintf(stderr, format, args);
}

static const char *error_text(int err, char *buf, size_t size) {
  /* The kernel's own ENOTSUPP, which the C library has no text for. */
  if (err == -524) {
    snprintf(buf, size, "ENOTSUPP (the kernel does not support it)");
    return buf;
  }
  if (libbpf_strerror(err, buf, size))
    snprintf(buf, size, "%s", strerror(err < 0 ? -err : err));
  return buf;
}

/* Attaches every program that has an attach point of its own (SEC names
 * libbpf cannot attach by themselves are left loaded), printing each. The
 * links are kept in LINKS until the object is done. */
static void attach_all(struct bpf_object *obj, struct bpf_link **links, int max_links) {
  struct bpf_program *prog;
  int n = 0;
  char msg[256];
  bpf_object__for_each_program(prog, obj) {
    const char *name = bpf_program__name(prog);
    if (!bpf_program__autoload(prog))
      continue;
    if (!bpf_program__autoattach(prog) || n == max_links) {
      fprintf(peer_out, "prog %s: loaded\n", name);
      continue;
    }
    unsigned warned = warnings;
    struct bpf_link *link = bpf_program__attach(prog);
    if (!link) {
      int err = -errno;
      /* libbpf's silent answer for a section it has no attach rule for
       * (socket, perf_event, ...): the tool attaches such a program
       * itself. A kernel's refusal comes with a warning. */
      if (err == -EOPNOTSUPP && warnings == warned) {
        fprintf(peer_out, "prog %s: loaded (libbpf attaches no '%s' program by itself)\n", name,
                bpf_program__section_name(prog));
        continue;
      }
      fprintf(peer_out, "prog %s: error %d: attaching failed: %s\n", name, err,
              error_text(err, msg, sizeof msg));
      continue;
    }
    links[n++] = link;
    fprintf(peer_out, "prog %s: attached\n", name);
  }
}

/* One object, start to end; returns 0 or 1 (open or load failed). */
static int run_object(const char *path, int seconds) {
  enum { MAX_LINKS = 64 };
  struct bpf_link *links[MAX_LINKS] = {0};
  struct bpf_program *prog;
  char msg[256];
  int err;

  struct bpf_object *obj = bpf_object__open_file(path, NULL);
  if (!obj) {
    err = -errno;
    fprintf(peer_out, "object %s: error %d: opening failed: %s\n", path, err,
            error_text(err, msg, sizeof msg));
    return 1;
  }
  fprintf(peer_out, "object %s: opened\n", path);
  err = bpf_object__load(obj);
  if (err) {
    error_text(err, msg, sizeof msg);
    bpf_object__for_each_program(prog, obj)
      fprintf(peer_out, "prog %s: error %d: loading the object failed: %s\n",
              bpf_program__name(prog), err, msg);
    fprintf(peer_out, "object %s: refused\n", path);
    bpf_object__close(obj);
    return 1;
  }
  attach_all(obj, links, MAX_LINKS);
  peer_poll_events(obj, seconds);
  peer_dump_maps(obj);
  for (int i = 0; i < MAX_LINKS; ++i)
    bpf_link__destroy(links[i]);
  bpf_object__close(obj);
  fprintf(peer_out, "object %s: accepted\n", path);
  return 0;
}

static int usage(void) {
  fprintf(stderr, "usage: libbpf-peer [-v] [-o FILE] OBJECT... [SECONDS]\n");
  return 2;
}

static int is_seconds(const char *arg) {
  if (!*arg || strlen(arg) > 6)
    return 0;
  for (const char *p = arg; *p; ++p)
    if (*p < '0' || *p > '9')
      return 0;
  return 1;
}

int main(int argc, char **argv) {
  const char *out_path = NULL;
  int opt, seconds = 0, status = 0;
  while ((opt = getopt(argc, argv, "vo:")) != -1) {
    if (opt == 'v')
      verbose = 1;
    else if (opt == 'o')
      out_path = optarg;
    else
      return usage();
  }
  int last = argc;
  if (last - optind >= 2 && is_seconds(argv[last - 1]))
    seconds = atoi(argv[--last]);
  if (optind >= last)
    return usage();

  peer_out = stdout;
  if (out_path && !(peer_out = fopen(out_path, "w"))) {
    fprintf(stderr, "libbpf-peer: opening %s failed: %s\n", out_path, strerror(errno));
    return 2;
  }
  setvbuf(peer_out, NULL, _IOLBF, 0);
  libbpf_set_print(print_libbpf);

  for (int i = optind; i < last; ++i)
    status |= run_object(argv[i], seconds);
  fprintf(peer_out, "libbpf-peer: exit status=%d\n", status);
  fclose(peer_out);
  return status;
}
