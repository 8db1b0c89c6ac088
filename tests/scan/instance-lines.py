#!/usr/bin/env python3
"""Each site instance of a scan's JSON (argv[1]), a line each:
"function verdict instructions" -- for tests that name their sites by
function."""
import json
import sys

for r in json.load(open(sys.argv[1]))["site_instances"]:
    print(r["function"], r["verdict"], len(r["instructions"]))
