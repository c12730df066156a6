# Copies a bpfd transcript and, after the status line of each successful
# FILE_READ whose tag starts with `d` (`@d... FILE_READ ...`), writes the
# bytes its base64 payload decodes to (base64 -d), then an empty line, so
# that FileCheck sees the protocol and the file contents in one stream.
/^\+ / { payload = substr($0, 3) }
{ print }
/^file_read: ret=[1-9][0-9]* tag=d/ {
  fflush()
  print payload | "base64 -d"
  close("base64 -d")
  print ""
}
