# A two-test suite for scripts/run-lit.py: one test runs, one REQUIRES a
# feature this "machine" lacks. Like test/lit.cfg.py, it records the missing
# feature's reason and the kernel ABIs in lit-facts-ours.json.
import json
import os

import lit.formats

config.name = "strict-suite"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = config.test_source_root
config.available_features.add("present")
with open(os.path.join(config.test_exec_root, "lit-facts-ours.json"), "w") as f:
    json.dump({"missing_features": {"absent": "the absent thing is not installed"},
               "kernel_abis": {"arm64": "6.1.0-99"},
               "measured_abis": {"arm64": "6.1.0-57"}}, f)
