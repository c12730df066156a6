// attachSection(): a section's attach kind (bpfconv) to the family that
// attaches it, one case a kind, and the handle the attachment is kept as.
#include "attach/family.h"

#include <errno.h>
#include <stdio.h>

namespace bpfd {

using bpfconv::AttachKind;

int attachSection(Session &s, int progFd, const bpfconv::SectionInfo &at, const char *section, AttachReport &r) {
  char first[256];
  copyStr(first, sizeof first, StrRef(at.first.p, at.first.n));
  r.where[0] = 0;
  int fd = -EINVAL;
  HandleKind kind = HandleKind::BtfLink;
  switch (at.kind) {
  case AttachKind::Kprobe: case AttachKind::Kretprobe: {
    bool ret = at.kind == AttachKind::Kretprobe;
    kind = ret ? HandleKind::Kretprobe : HandleKind::Kprobe;
    fd = attachKprobe(progFd, first, at.offset, ret, r);
    break;
  }
  case AttachKind::Ksyscall: case AttachKind::Kretsyscall: {
    bool ret = at.kind == AttachKind::Kretsyscall;
    kind = ret ? HandleKind::Kretprobe : HandleKind::Kprobe;
    fd = attachKsyscall(progFd, StrRef(at.first.p, at.first.n), ret, section, r);
    break;
  }
  case AttachKind::KprobeMulti: case AttachKind::KretprobeMulti:
    fd = attachKprobeMulti(progFd, section, first, at.kind == AttachKind::KretprobeMulti, r);
    break;
  case AttachKind::Uprobe: case AttachKind::Uretprobe: {
    bool ret = at.kind == AttachKind::Uretprobe;
    kind = ret ? HandleKind::Uretprobe : HandleKind::Uprobe;
    fd = attachUprobe(progFd, StrRef(at.first.p, at.first.n), StrRef(at.second.p, at.second.n), ret, -1,
                      at.refCtrOffset, r);
    break;
  }
  case AttachKind::Tracepoint:
    kind = HandleKind::Tracepoint;
    fd = attachTracepoint(progFd, StrRef(at.first.p, at.first.n), StrRef(at.second.p, at.second.n), r);
    break;
  case AttachKind::RawTracepoint:
    kind = HandleKind::RawTracepoint;
    fd = attachRawTracepoint(progFd, first, r);
    break;
  case AttachKind::PerfEvent:
    // On every CPU, the handle added by attachPerfEvent.
    return attachPerfEvent(s, progFd, at.perfType, at.perfConfig, at.perfRate, at.perfFreq, -1, r);
  case AttachKind::Fentry: case AttachKind::Fexit: case AttachKind::FmodRet: case AttachKind::TpBtf:
  case AttachKind::Lsm:
    fd = attachBtfLink(progFd, section, r);
    break;
  case AttachKind::Iter:
    fd = attachIter(progFd, section, r);
    break;
  case AttachKind::None:
    snprintf(r.msg, sizeof r.msg, "section %s names no attach point", section);
    break;
  }
  if (fd < 0) return fd;
  s.addHandle(fd, kind, kind == HandleKind::BtfLink ? StrRef(section) : StrRef(at.target.p, at.target.n));
  return fd;
}

} // namespace bpfd
