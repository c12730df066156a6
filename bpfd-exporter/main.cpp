//===- main.cpp - bpfd-exporter: many devices' BPF maps for Prometheus -----===//
//
//   bpfd-exporter --config FILE [--listen HOST:PORT] [--device SPEC]... [-v]
//
// Keeps one bpfd session per device (the configuration's devices and each
// --device), in parallel, with the configured programs loaded on each, and
// serves /metrics in Prometheus's text format (OpenMetrics 1.0 when the
// Accept header asks for it), every series labelled with its device
// (docs/exporter.md). SIGTERM or SIGINT: every session's input is ended,
// bpfd unloads all it loaded, and the exporter exits 0.
//
//===----------------------------------------------------------------------===//
#include "Config.h"
#include "Device.h"
#include "Log.h"
#include "Metrics.h"
#include "XccCompile.h"

#include <httplib.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <pthread.h>
#include <string>
#include <thread>
#include <vector>

using namespace exporter;

static void usage(FILE *Out) {
  fputs("usage: bpfd-exporter --config FILE [--listen HOST:PORT] [--device SPEC]... [-v]\n"
        "  --config FILE      devices, programs and metrics (docs/exporter.md)\n"
        "  --listen HOST:PORT where /metrics is served (default 127.0.0.1:9435; port 0: any,\n"
        "                     the chosen one is logged)\n"
        "  --device SPEC      one more device: qemu:ARCH, ssh:[USER@]HOST, adb[:SERIAL],\n"
        "                     process:COMMAND (repeatable; its label is SPEC)\n"
        "  -v                 log the sessions' progress (boot, the guests' lines)\n",
        Out);
}

struct Options {
  std::string ConfigPath;
  std::string Host = "127.0.0.1";
  int Port = 9435;
  std::vector<std::string> Devices;
};

// The options, or a message naming what is wrong.
static bool parseOptions(int Argc, char **Argv, Options &O, std::string &Problem) {
  for (int I = 1; I < Argc; ++I) {
    std::string A = Argv[I];
    auto Value = [&](std::string &Out) {
      if (I + 1 >= Argc) {
        Problem = A + " needs a value";
        return false;
      }
      Out = Argv[++I];
      return true;
    };
    if (A == "--config") {
      if (!Value(O.ConfigPath))
        return false;
    } else if (A == "--listen") {
      std::string L;
      if (!Value(L))
        return false;
      size_t Colon = L.rfind(':');
      char *End = nullptr;
      long Port = Colon == std::string::npos ? -1 : std::strtol(L.c_str() + Colon + 1, &End, 10);
      if (Colon == std::string::npos || Colon == 0 || *End || Port < 0 || Port > 65535) {
        Problem = "--listen '" + L + "' is not HOST:PORT";
        return false;
      }
      O.Host = L.substr(0, Colon);
      O.Port = (int)Port;
    } else if (A == "--device") {
      std::string D;
      if (!Value(D))
        return false;
      O.Devices.push_back(D);
    } else if (A == "-v" || A == "--verbose") {
      setVerbose(true);
    } else if (A == "-h" || A == "--help") {
      usage(stdout);
      exit(0);
    } else {
      Problem = "unknown argument '" + A + "'";
      return false;
    }
  }
  if (O.ConfigPath.empty()) {
    Problem = "--config FILE is required";
    return false;
  }
  return true;
}

// Ends the sessions: each device closes its own (bpfd unloads what it
// loaded); a device still booting after the others are done, or any after
// a minute, is stopped by the client library (its remote killed).
static void stopDevices(std::vector<std::unique_ptr<Device>> &Devices) {
  for (auto &D : Devices)
    D->requestStop();
  bool Forced = false;
  auto Start = std::chrono::steady_clock::now();
  for (;;) {
    bool AllDone = true, OnlyOpening = true;
    for (auto &D : Devices) {
      if (D->finished())
        continue;
      AllDone = false;
      OnlyOpening &= D->opening();
    }
    if (AllDone)
      break;
    if (!Forced && (OnlyOpening || std::chrono::steady_clock::now() - Start >
                                       std::chrono::seconds(60))) {
      bpfd::requestStop();
      Forced = true;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  for (auto &D : Devices)
    D->join();
}

int main(int Argc, char **Argv) {
  setArgv0(Argv[0]);
  Options O;
  std::string Problem;
  if (!parseOptions(Argc, Argv, O, Problem)) {
    fprintf(stderr, "bpfd-exporter: %s\n", Problem.c_str());
    usage(stderr);
    return 2;
  }
  bpfd::Expected<ExporterConfig> Config = loadConfig(O.ConfigPath);
  if (!Config) {
    logLine(Config.error().message());
    return 1;
  }
  for (const std::string &Spec : O.Devices) {
    DeviceConfig D;
    D.Remote = D.Name = Spec;
    Config->Devices.push_back(D);
  }
  if (Config->Devices.empty()) {
    logLine("no devices: name them in the configuration's devices: or with --device SPEC");
    return 2;
  }

  // SIGINT and SIGTERM are taken by sigwait() below; every thread started
  // from here on has them blocked.
  sigset_t Signals;
  sigemptyset(&Signals);
  sigaddset(&Signals, SIGINT);
  sigaddset(&Signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &Signals, nullptr);
  signal(SIGPIPE, SIG_IGN);

  httplib::Server Server;
  std::vector<std::unique_ptr<Device>> Devices;
  for (const DeviceConfig &D : Config->Devices)
    Devices.push_back(std::make_unique<Device>(D, *Config));

  Server.Get("/metrics", [&](const httplib::Request &Req, httplib::Response &Res) {
    // OpenMetrics when the scraper asks for it (Prometheus does, first).
    bool OpenMetrics =
        Req.get_header_value("Accept").find("application/openmetrics-text") != std::string::npos;
    Res.set_content(scrapeAll(Devices, *Config, OpenMetrics),
                    OpenMetrics ? OpenMetricsType : TextFormatType);
  });
  Server.Get("/", [&](const httplib::Request &, httplib::Response &Res) {
    Res.set_content("bpfd-exporter: the metrics are at /metrics\n", "text/plain");
  });
  int Port = O.Port;
  if (Port == 0)
    Port = Server.bind_to_any_port(O.Host.c_str());
  else if (!Server.bind_to_port(O.Host.c_str(), Port))
    Port = -1;
  if (Port <= 0) {
    logLine("cannot listen on " + O.Host + ":" + std::to_string(O.Port) + ": " + strerror(errno));
    return 1;
  }
  logLine("listening on " + O.Host + ":" + std::to_string(Port) + ", " +
          std::to_string(Devices.size()) + " devices");
  for (auto &D : Devices)
    D->start();
  std::thread Http([&] { Server.listen_after_bind(); });

  int Signal = 0;
  sigwait(&Signals, &Signal);
  logLine(std::string("stopping (") + strsignal(Signal) + "): ending every session");
  Server.stop();
  Http.join();
  stopDevices(Devices);
  logLine("stopped");
  return 0;
}
