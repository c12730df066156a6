/* libbpf-peer: the map contents at the end of a run, and base64. */
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "peer.h"

/* Maps larger than this are left out: their contents are no test's. */
#define MAX_DUMP_ENTRIES 1024
#define MAX_KEY_VALUE 4096

void peer_put_base64(const void *data, size_t size) {
  static const char digits[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  const unsigned char *p = data;
  if (size == 0) {
    fputc('-', peer_out);
    return;
  }
  for (size_t i = 0; i < size; i += 3) {
    unsigned v = p[i] << 16;
    if (i + 1 < size)
      v |= p[i + 1] << 8;
    if (i + 2 < size)
      v |= p[i + 2];
    fputc(digits[v >> 18 & 63], peer_out);
    fputc(digits[v >> 12 & 63], peer_out);
    fputc(i + 1 < size ? digits[v >> 6 & 63] : '=', peer_out);
    fputc(i + 2 < size ? digits[v & 63] : '=', peer_out);
  }
}

static int dumpable(const struct bpf_map *map) {
  switch (bpf_map__type(map)) {
  case BPF_MAP_TYPE_HASH:
  case BPF_MAP_TYPE_ARRAY:
  case BPF_MAP_TYPE_LRU_HASH:
    break;
  default:
    return 0;
  }
  return bpf_map__max_entries(map) <= MAX_DUMP_ENTRIES &&
         bpf_map__key_size(map) <= MAX_KEY_VALUE &&
         bpf_map__value_size(map) <= MAX_KEY_VALUE;
}

static void dump_map(const struct bpf_map *map) {
  const char *name = bpf_map__name(map);
  int fd = bpf_map__fd(map);
  size_t key_size = bpf_map__key_size(map), value_size = bpf_map__value_size(map);
  unsigned char *key = calloc(1, key_size), *next = calloc(1, key_size);
  unsigned char *value = calloc(1, value_size);
  if (!key || !next || !value) {
    fprintf(peer_out, "map %s: error -%d: no memory for its entries\n", name, ENOMEM);
    goto out;
  }
  /* NULL asks for the first key. */
  for (int err = bpf_map_get_next_key(fd, NULL, next), n = 0; !err && n < MAX_DUMP_ENTRIES;
       err = bpf_map_get_next_key(fd, key, next), ++n) {
    memcpy(key, next, key_size);
    if (bpf_map_lookup_elem(fd, key, value)) {
      if (errno == ENOENT) /* deleted meanwhile */
        continue;
      fprintf(peer_out, "map %s: error -%d: looking up an entry failed: %s\n", name, errno,
              strerror(errno));
      break;
    }
    fprintf(peer_out, "map %s: ", name);
    peer_put_base64(key, key_size);
    fputc(' ', peer_out);
    peer_put_base64(value, value_size);
    fputc('\n', peer_out);
  }
out:
  free(key);
  free(next);
  free(value);
}

void peer_dump_maps(struct bpf_object *obj) {
  struct bpf_map *map;
  bpf_object__for_each_map(map, obj) {
    if (dumpable(map) && bpf_map__fd(map) >= 0)
      dump_map(map);
  }
}
