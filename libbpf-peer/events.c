/* libbpf-peer: the records of an object's ring buffers and perf buffers,
 * through libbpf's ring_buffer and perf_buffer, printed as they come. */
#include <bpf/libbpf.h>
#include <errno.h>
#include <string.h>
#include <time.h>

#include "peer.h"

#define MAX_BUFFERS 16
#define PERF_PAGES 8
#define POLL_MS 100

struct source {
  const char *map;
};

static int on_ringbuf(void *ctx, void *data, size_t size) {
  const struct source *src = ctx;
  fprintf(peer_out, "ringbuf %s: ", src->map);
  peer_put_base64(data, size);
  fputc('\n', peer_out);
  return 0;
}

static void on_perf_sample(void *ctx, int cpu, void *data, __u32 size) {
  const struct source *src = ctx;
  (void)cpu;
  fprintf(peer_out, "perf %s: ", src->map);
  peer_put_base64(data, size);
  fputc('\n', peer_out);
}

static void on_perf_lost(void *ctx, int cpu, __u64 count) {
  const struct source *src = ctx;
  fprintf(peer_out, "perf %s: lost %llu on cpu %d\n", src->map, (unsigned long long)count, cpu);
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

int peer_poll_events(struct bpf_object *obj, int seconds) {
  struct source sources[MAX_BUFFERS];
  struct perf_buffer *perf[MAX_BUFFERS];
  struct ring_buffer *ring = NULL;
  int nsources = 0, nperf = 0, err = 0;
  struct bpf_map *map;

  bpf_object__for_each_map(map, obj) {
    enum bpf_map_type type = bpf_map__type(map);
    if (type != BPF_MAP_TYPE_RINGBUF && type != BPF_MAP_TYPE_PERF_EVENT_ARRAY)
      continue;
    if (nsources == MAX_BUFFERS) {
      fprintf(peer_out, "map %s: error -%d: more than %d buffers, not read\n",
              bpf_map__name(map), E2BIG, MAX_BUFFERS);
      continue;
    }
    struct source *src = &sources[nsources++];
    src->map = bpf_map__name(map);
    if (type == BPF_MAP_TYPE_RINGBUF) {
      if (ring)
        err = ring_buffer__add(ring, bpf_map__fd(map), on_ringbuf, src);
      else if (!(ring = ring_buffer__new(bpf_map__fd(map), on_ringbuf, src, NULL)))
        err = -errno;
      if (err) {
        fprintf(peer_out, "map %s: error %d: opening the ring buffer failed: %s\n", src->map,
                err, strerror(-err));
        goto out;
      }
    } else {
      perf[nperf] = perf_buffer__new(bpf_map__fd(map), PERF_PAGES, on_perf_sample, on_perf_lost,
                                     src, NULL);
      if (!perf[nperf]) {
        err = -errno;
        fprintf(peer_out, "map %s: error %d: opening the perf buffer failed: %s\n", src->map,
                err, strerror(-err));
        goto out;
      }
      ++nperf;
    }
  }

  if (!ring && !nperf) {
    struct timespec ts = {.tv_sec = seconds};
    while (nanosleep(&ts, &ts) && errno == EINTR)
      ;
    goto out;
  }
  for (double end = now() + seconds; now() < end;) {
    /* With both kinds, each waits half the time. */
    int ms = ring && nperf ? POLL_MS / 2 : POLL_MS;
    if (ring && (err = ring_buffer__poll(ring, ms)) < 0 && err != -EINTR)
      break;
    for (int i = 0; i < nperf; ++i)
      if ((err = perf_buffer__poll(perf[i], ms / nperf)) < 0 && err != -EINTR)
        break;
    err = err == -EINTR ? 0 : err;
    if (err < 0)
      break;
  }
  if (err < 0)
    fprintf(peer_out, "events: error %d: polling failed: %s\n", err, strerror(-err));
  else
    err = 0;
  /* What came after the last poll. */
  if (ring)
    ring_buffer__consume(ring);
  for (int i = 0; i < nperf; ++i)
    perf_buffer__consume(perf[i]);
out:
  ring_buffer__free(ring);
  for (int i = 0; i < nperf; ++i)
    perf_buffer__free(perf[i]);
  return err;
}
