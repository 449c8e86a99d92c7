#!/usr/bin/env python3
"""End-to-end checks of the contact search through `polydem run`.

usage: check_contact_search_run.py POLYDEM DECK WORKDIR

- runs the deck with --threads 1 and --threads 2: summary.json (apart from
  wall-clock fields) and monitor.csv must be identical;
- the run has body-body and body-boundary contacts;
- the body that leaves contact.domain is reported once: a warning on stderr
  and summary.json's contact_domain.
(deck.echo.yaml is not re-run: the echo of a body with shape and density
writes its default centre_of_mass, which the reader then refuses.)
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_run import fail, read_monitor, run_on_1_and_2_threads  # noqa: E402


def main():
    polydem, deck, work = sys.argv[1:4]
    one, stderr = run_on_1_and_2_threads(polydem, deck, work)

    rows = read_monitor(os.path.join(work, "threads1"))
    if max(int(float(r["contacts_body_body"])) for r in rows) == 0:
        fail("no body-body contact in the run")
    if max(int(float(r["contacts_body_boundary"])) for r in rows) == 0:
        fail("no body-boundary contact in the run")

    domain = one.get("contact_domain")
    if domain is None or domain["exits"] != 1 or domain["outside_now"] != 1 or len(domain["warnings"]) != 1:
        fail(f"contact_domain in summary.json: {domain}")
    if "body 'thrown' is outside contact.domain" not in domain["warnings"][0]:
        fail(f"unexpected domain warning {domain['warnings'][0]}")
    if stderr.count("polydem: warning: body 'thrown' is outside contact.domain") != 1:
        fail(f"stderr lacks the domain warning: {stderr}")
    print(f"ok: {len(rows)} steps, threads 1 and 2 identical, domain exit reported")


if __name__ == "__main__":
    main()
