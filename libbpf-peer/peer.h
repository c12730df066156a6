/* libbpf-peer: a small loader of libbpf-style objects, built statically
 * against Debian's libbpf for the guests, to load the objects bpfd loads
 * and compare what each accepts (docs/libbpf-peer.md). */
#ifndef LIBBPF_PEER_H
#define LIBBPF_PEER_H

#include <stddef.h>
#include <stdio.h>

struct bpf_object;

/* The report stream: stdout, or the file given with -o. */
extern FILE *peer_out;

/* Writes SIZE bytes of DATA as standard base64 (as bpfd's replies carry
 * bytes), "-" when SIZE is 0. */
void peer_put_base64(const void *data, size_t size);

/* Polls the ring buffers and perf buffers of OBJ for SECONDS, printing each
 * record as "ringbuf MAP: B64" / "perf MAP: B64"; sleeps when there is none.
 * Returns 0, or a negative errno with a message printed. */
int peer_poll_events(struct bpf_object *obj, int seconds);

/* Prints "map NAME: KEY VALUE" (base64) for every entry of OBJ's small hash
 * and array maps (global data included), in the kernel's key order. */
void peer_dump_maps(struct bpf_object *obj);

#endif
