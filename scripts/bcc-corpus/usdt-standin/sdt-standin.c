/*
 * sdt-standin: a stand-in for a language runtime's USDT probes, so that the
 * USDT tools of the BCC corpus (ucalls, uflow, ugc, uobjnew, uthreads,
 * dbstat, mysqld_qslower) compile against a binary that carries the notes.
 *
 * Built once per runtime (-DSDT_RUNTIME_<NAME>) and architecture with GCC
 * and <sys/sdt.h> (Debian's systemtap-sdt-dev), static, so that it also runs
 * in a QEMU guest. Each runtime's binary carries its provider's probes only,
 * as a real runtime process does (python's and php's function__entry, or
 * ruby's and hotspot's method__entry, would otherwise collide). The argument
 * counts and kinds are the runtimes' own probe definitions (hotspot.d,
 * mysql's probes_mysql.d, node's, perl's, php's, CPython's, ruby's, Tcl's
 * dtrace providers): strings are pointers, counts and ids integers of the
 * runtime's widths. The probes have no semaphore (see docs/usdt.md).
 *
 *   sdt-<runtime> [COUNT [INTERVAL_MS]]
 *       passes every probe of the runtime COUNT times (default 1; 0: for
 *       ever), sleeping INTERVAL_MS (default 0) after each round, then prints
 *       "sdt-standin: <runtime> COUNT rounds".
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/sdt.h>
#include <time.h>

/* Each probe site is a function of its own whose arguments arrive as
 * parameters (registers or the stack, as in a runtime's interpreter loop):
 * noipa keeps GCC from propagating the constants of the call into the probe's
 * operands. */
#define SITE static __attribute__((noipa)) void

static unsigned long rounds_done;

#if defined(SDT_RUNTIME_hotspot)
#define RUNTIME "hotspot"
/* The widths are those of HotSpot's call sites (sys/sdt.h takes each
 * argument's type, not hotspot.d's): a Java thread id is a jlong, a name's
 * length an int (utf8_length()), sizes size_t.
 * method__entry/return(thread id, class, its length, method, its length,
 * signature, its length). */
SITE method_entry(int64_t tid, const char *cls, int cl, const char *m, int ml, const char *sig,
                  int sl) {
  STAP_PROBE7(hotspot, method__entry, tid, cls, cl, m, ml, sig, sl);
}
SITE method_return(int64_t tid, const char *cls, int cl, const char *m, int ml,
                   const char *sig, int sl) {
  STAP_PROBE7(hotspot, method__return, tid, cls, cl, m, ml, sig, sl);
}
/* gc__begin(is full), gc__end(); mem__pool__gc__begin/end(manager, its
 * length, pool, its length, initial, used, committed, max size). */
SITE gc_begin(bool full) { STAP_PROBE1(hotspot, gc__begin, full); }
SITE gc_end(void) { STAP_PROBE(hotspot, gc__end); }
SITE pool_begin(const char *mgr, int mgrl, const char *pool, int pooll, size_t init,
                size_t used, size_t committed, size_t max) {
  STAP_PROBE8(hotspot, mem__pool__gc__begin, mgr, mgrl, pool, pooll, init, used, committed,
              max);
}
SITE pool_end(const char *mgr, int mgrl, const char *pool, int pooll, size_t init, size_t used,
              size_t committed, size_t max) {
  STAP_PROBE8(hotspot, mem__pool__gc__end, mgr, mgrl, pool, pooll, init, used, committed, max);
}
/* object__alloc(thread id, class, its length, size). */
SITE object_alloc(int64_t tid, const char *cls, int cl, size_t size) {
  STAP_PROBE4(hotspot, object__alloc, tid, cls, cl, size);
}
/* thread__start/stop(name, its length, java id, native id, is daemon). */
SITE thread_start(const char *name, int nl, int64_t jid, uintptr_t nid, bool daemon) {
  STAP_PROBE5(hotspot, thread__start, name, nl, jid, nid, daemon);
}
SITE thread_stop(const char *name, int nl, int64_t jid, uintptr_t nid, bool daemon) {
  STAP_PROBE5(hotspot, thread__stop, name, nl, jid, nid, daemon);
}
/* glibc's libpthread:pthread_start(struct pthread *, start routine, its
 * argument), in a JVM's C library (uthreads -l java enables it too). */
SITE pthread_start(void *pd, void *routine, void *arg) {
  STAP_PROBE3(libpthread, pthread_start, pd, routine, arg);
}
static void round_once(unsigned long i) {
  static const char cls[] = "java/lang/Thread", m[] = "run", sig[] = "()V";
  thread_start("worker", 6, (int64_t)i, 1000 + i, false);
  method_entry(1, cls, sizeof(cls) - 1, m, sizeof(m) - 1, sig, sizeof(sig) - 1);
  object_alloc(1, cls, sizeof(cls) - 1, 64 + i);
  method_return(1, cls, sizeof(cls) - 1, m, sizeof(m) - 1, sig, sizeof(sig) - 1);
  gc_begin(i & 1);
  pool_begin("G1 Young", 8, "G1 Eden Space", 13, 1 << 20, 4096 * i, 1 << 21, 1 << 24);
  pool_end("G1 Young", 8, "G1 Eden Space", 13, 1 << 20, 1024 * i, 1 << 21, 1 << 24);
  gc_end();
  thread_stop("worker", 6, (int64_t)i, 1000 + i, false);
  pthread_start(&rounds_done, (void *)round_once, (void *)i);
}

#elif defined(SDT_RUNTIME_mysql)
#define RUNTIME "mysql"
/* probes_mysql.d: query__start(query, connection id, database, user, host),
 * query__done(status). */
SITE query_start(const char *q, unsigned long conn, const char *db, const char *user,
                 const char *host) {
  STAP_PROBE5(mysql, query__start, q, conn, db, user, host);
}
SITE query_done(int status) { STAP_PROBE1(mysql, query__done, status); }
static void round_once(unsigned long i) {
  query_start("SELECT * FROM t WHERE id = 1", i, "test", "root", "localhost");
  query_done(0);
}

#elif defined(SDT_RUNTIME_node)
#define RUNTIME "node"
/* node's gc__start/gc__done(type, flags, isolate). */
SITE gc_start(int type, int flags, void *isolate) {
  STAP_PROBE3(node, gc__start, type, flags, isolate);
}
SITE gc_done(int type, int flags, void *isolate) {
  STAP_PROBE3(node, gc__done, type, flags, isolate);
}
static void round_once(unsigned long i) {
  gc_start(1 << (i % 4), 0, &rounds_done);
  gc_done(1 << (i % 4), 0, &rounds_done);
}

#elif defined(SDT_RUNTIME_perl)
#define RUNTIME "perl"
/* perl's sub__entry/return(sub, file, line, package). */
SITE sub_entry(const char *sub, const char *file, int line, const char *pkg) {
  STAP_PROBE4(perl, sub__entry, sub, file, line, pkg);
}
SITE sub_return(const char *sub, const char *file, int line, const char *pkg) {
  STAP_PROBE4(perl, sub__return, sub, file, line, pkg);
}
static void round_once(unsigned long i) {
  sub_entry("work", "script.pl", 10 + (int)(i % 5), "main");
  sub_return("work", "script.pl", 10 + (int)(i % 5), "main");
}

#elif defined(SDT_RUNTIME_php)
#define RUNTIME "php"
/* php's function__entry/return(function, file, line, class, scope). */
SITE function_entry(const char *fn, const char *file, int line, const char *cls,
                    const char *scope) {
  STAP_PROBE5(php, function__entry, fn, file, line, cls, scope);
}
SITE function_return(const char *fn, const char *file, int line, const char *cls,
                     const char *scope) {
  STAP_PROBE5(php, function__return, fn, file, line, cls, scope);
}
static void round_once(unsigned long i) {
  function_entry("work", "index.php", 3 + (int)(i % 5), "Page", "::");
  function_return("work", "index.php", 3 + (int)(i % 5), "Page", "::");
}

#elif defined(SDT_RUNTIME_python)
#define RUNTIME "python"
/* CPython's function__entry/return(file, function, line), gc__start(generation),
 * gc__done(collected). */
SITE function_entry(const char *file, const char *fn, int line) {
  STAP_PROBE3(python, function__entry, file, fn, line);
}
SITE function_return(const char *file, const char *fn, int line) {
  STAP_PROBE3(python, function__return, file, fn, line);
}
SITE gc_start(int generation) { STAP_PROBE1(python, gc__start, generation); }
SITE gc_done(long collected) { STAP_PROBE1(python, gc__done, collected); }
static void round_once(unsigned long i) {
  function_entry("script.py", "work", 7);
  function_entry("script.py", "inner", 3);
  function_return("script.py", "inner", 3);
  function_return("script.py", "work", 7);
  gc_start((int)(i % 3));
  gc_done((long)i);
}

#elif defined(SDT_RUNTIME_ruby)
#define RUNTIME "ruby"
/* ruby's method__entry/return and cmethod__entry/return(class, method, file,
 * line); gc__mark/sweep__begin/end(); object__create(class, file, line);
 * string/hash/array__create(length, file, line). */
SITE method_entry(const char *cls, const char *m, const char *file, int line) {
  STAP_PROBE4(ruby, method__entry, cls, m, file, line);
}
SITE method_return(const char *cls, const char *m, const char *file, int line) {
  STAP_PROBE4(ruby, method__return, cls, m, file, line);
}
SITE cmethod_entry(const char *cls, const char *m, const char *file, int line) {
  STAP_PROBE4(ruby, cmethod__entry, cls, m, file, line);
}
SITE cmethod_return(const char *cls, const char *m, const char *file, int line) {
  STAP_PROBE4(ruby, cmethod__return, cls, m, file, line);
}
SITE gc_mark_begin(void) { STAP_PROBE(ruby, gc__mark__begin); }
SITE gc_mark_end(void) { STAP_PROBE(ruby, gc__mark__end); }
SITE gc_sweep_begin(void) { STAP_PROBE(ruby, gc__sweep__begin); }
SITE gc_sweep_end(void) { STAP_PROBE(ruby, gc__sweep__end); }
SITE object_create(const char *cls, const char *file, int line) {
  STAP_PROBE3(ruby, object__create, cls, file, line);
}
SITE string_create(long len, const char *file, int line) {
  STAP_PROBE3(ruby, string__create, len, file, line);
}
SITE hash_create(long size, const char *file, int line) {
  STAP_PROBE3(ruby, hash__create, size, file, line);
}
SITE array_create(long len, const char *file, int line) {
  STAP_PROBE3(ruby, array__create, len, file, line);
}
static void round_once(unsigned long i) {
  method_entry("Worker", "run", "app.rb", 4);
  cmethod_entry("Array", "each", "app.rb", 5);
  object_create("Worker", "app.rb", 6);
  string_create((long)i, "app.rb", 7);
  hash_create(2, "app.rb", 8);
  array_create(3, "app.rb", 9);
  cmethod_return("Array", "each", "app.rb", 5);
  method_return("Worker", "run", "app.rb", 4);
  gc_mark_begin();
  gc_mark_end();
  gc_sweep_begin();
  gc_sweep_end();
}

#elif defined(SDT_RUNTIME_tcl)
#define RUNTIME "tcl"
/* Tcl's proc__entry(name, objc, objv), proc__return(name, code),
 * proc__args(name, arg1..arg9), obj__create(object). */
SITE proc_entry(const char *name, int objc, void **objv) {
  STAP_PROBE3(tcl, proc__entry, name, objc, objv);
}
SITE proc_return(const char *name, int code) { STAP_PROBE2(tcl, proc__return, name, code); }
SITE proc_args(const char *name, const char *a1, const char *a2, const char *a3,
               const char *a4, const char *a5, const char *a6, const char *a7,
               const char *a8, const char *a9) {
  STAP_PROBE10(tcl, proc__args, name, a1, a2, a3, a4, a5, a6, a7, a8, a9);
}
SITE obj_create(void *obj) { STAP_PROBE1(tcl, obj__create, obj); }
static void round_once(unsigned long i) {
  void *objv[2] = {&rounds_done, (void *)i};
  proc_entry("::work", 2, objv);
  proc_args("::work", "a", "b", NULL, NULL, NULL, NULL, NULL, NULL, NULL);
  obj_create(objv);
  proc_return("::work", 0);
}

#else
#error "define SDT_RUNTIME_<hotspot|mysql|node|perl|php|python|ruby|tcl>"
#endif

int main(int argc, char **argv) {
  unsigned long count = argc > 1 ? strtoul(argv[1], NULL, 0) : 1;
  long interval_ms = argc > 2 ? strtol(argv[2], NULL, 0) : 0;
  struct timespec ts = {interval_ms / 1000, (interval_ms % 1000) * 1000000L};
  for (unsigned long i = 1; count == 0 || i <= count; ++i) {
    round_once(i);
    rounds_done = i;
    if (interval_ms > 0)
      nanosleep(&ts, NULL);
  }
  printf("sdt-standin: %s %lu rounds\n", RUNTIME, rounds_done);
  return 0;
}
