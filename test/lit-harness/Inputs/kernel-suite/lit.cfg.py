# A suite for scripts/run-lit.py's kernels run. Like test/lit.cfg.py, a
# kernel suite's run (--param kernel_suite=SUITE) keeps its outputs and facts
# in test-kernel-SUITE beside the suite's folder, and its facts name the
# suite's kernels; %param_suite and %env_suite are what the run was given.
import json
import os

import lit.formats

config.name = "kernel-suite"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".test"]
config.excludes = ["kernel-subsets.list"]
config.test_source_root = os.path.dirname(__file__)
suite = lit_config.params.get("kernel_suite", "")
config.test_exec_root = os.path.join(os.path.dirname(config.test_source_root),
                                     "test-kernel-" + suite if suite else "test")
os.makedirs(config.test_exec_root, exist_ok=True)
config.substitutions.append(("%param_suite", suite or "none"))
config.substitutions.append(("%env_suite", os.environ.get("BPFD_KERNEL_SUITE", "none")))
with open(os.path.join(config.test_exec_root, "lit-facts-ours.json"), "w") as f:
    json.dump({"missing_features": {},
               "kernel_abis": {"arm64 " + suite: "9.9.0-" + suite, "arm64 elsewhere": "1.0"}}, f)
