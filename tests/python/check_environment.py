#!/usr/bin/env python3
"""What the machine refuses is exit code 2 with a message naming the path or
what is missing, never an internal error (exit code 1); and OpenMP threads spin
briefly, then sleep, unless the user asks otherwise.

usage: check_environment.py POLYDEM DECK WORKDIR   (DECK: a short run without contact)

- an impossible --out (a regular file, a path under one, a path under /proc,
  a directory without write permission when not root) exits 2 naming it;
- a run whose output cannot be written whole (a file size limit, as a full
  disk: write() fails with EFBIG instead of ENOSPC) exits 2 naming the file;
- `polydem plot` with a Python that lacks matplotlib exits 2, names the module
  and says how to install it;
- a checkpoint with a byte flipped at any of several offsets, or cut short,
  is refused with exit code 2 naming the file;
- OMP_WAIT_POLICY is active with GOMP_SPINCOUNT 20000 unless either is set:
  libgomp shows what it took with OMP_DISPLAY_ENV=verbose; a policy or a spin
  count the user set is kept.
"""
import os
import re
import resource
import shutil
import signal
import subprocess
import sys

EXPECTED_EXIT = 2


def fail(message):
    print("FAIL:", message)
    sys.exit(1)


def call(args, env=None, preexec_fn=None):
    return subprocess.run(args, capture_output=True, text=True, timeout=300, env=env,
                          preexec_fn=preexec_fn)


def expect_refused(what, result, *words):
    if result.returncode != EXPECTED_EXIT:
        fail(f"{what}: exit {result.returncode}, expected {EXPECTED_EXIT}; stderr {result.stderr!r}")
    if "internal error" in result.stderr:
        fail(f"{what}: reported as an internal error: {result.stderr!r}")
    for word in words:
        if word not in result.stderr:
            fail(f"{what}: message {result.stderr!r} lacks {word!r}")


def check_output_paths(polydem, deck, work):
    plain = os.path.join(work, "plain")
    with open(plain, "w") as f:
        f.write("a regular file\n")
    outs = [plain, os.path.join(plain, "run"), "/proc/polydem_no_such_directory/run"]
    if os.geteuid() != 0:  # root ignores permission bits
        locked = os.path.join(work, "locked")
        os.makedirs(locked, exist_ok=True)
        os.chmod(locked, 0o500)
        outs.append(os.path.join(locked, "run"))
    for out in outs:
        expect_refused(f"--out {out}", call([polydem, "run", deck, "--out", out, "--quiet"]), out)
    with open(plain) as f:
        if f.read() != "a regular file\n":
            fail(f"{plain} was changed")
    return len(outs)


def limited_file_size():
    # A write beyond RLIMIT_FSIZE fails with EFBIG, once SIGXFSZ no longer kills the writer.
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (1024, 1024))


def check_full_disk(polydem, deck, work):
    out = os.path.join(work, "full")
    result = call([polydem, "run", deck, "--out", out, "--quiet"], preexec_fn=limited_file_size)
    expect_refused("a run beyond the file size limit", result, out + "/", "File too large")


def check_plot_without_matplotlib(polydem, run_dir, work):
    # A package of that name earlier on the path that fails to import, as a missing one does.
    fake = os.path.join(work, "no_matplotlib", "matplotlib")
    os.makedirs(fake, exist_ok=True)
    with open(os.path.join(fake, "__init__.py"), "w") as f:
        f.write("raise ModuleNotFoundError(\"No module named 'matplotlib'\", name='matplotlib')\n")
    env = dict(os.environ, PYTHONPATH=os.path.dirname(fake))
    result = call([polydem, "plot", run_dir, "--python", sys.executable], env=env)
    expect_refused("plot without matplotlib", result, "module matplotlib", sys.executable,
                   "pip install matplotlib", "python3-matplotlib")


def check_damaged_checkpoints(polydem, deck, checkpoint, work):
    with open(checkpoint, "rb") as f:
        good = f.read()
    n = len(good)
    damaged = {f"flipped_{k}": good[:k] + bytes([good[k] ^ 0xFF]) + good[k + 1:]
               for k in sorted({0, 5, 21, n // 3, n // 2, n - 9, n - 1})}
    damaged.update({f"cut_to_{k}": good[:k] for k in (n - 1, n // 2, 4, 0)})
    for name, data in damaged.items():
        path = os.path.join(work, name + ".bin")
        with open(path, "wb") as f:
            f.write(data)
        result = call([polydem, "run", deck, "--restart", path, "--quiet",
                       "--out", os.path.join(work, "resumed_" + name)])
        expect_refused(f"--restart {name}", result, path, "damaged")
    return len(damaged)


def last_display(stderr, name):
    values = re.findall(name + r"\s*=\s*'([^']*)'", stderr)
    return values[-1] if values else None


def check_wait_policy(polydem, deck):
    env = {k: v for k, v in os.environ.items() if k not in ("OMP_WAIT_POLICY", "GOMP_SPINCOUNT")}
    env["OMP_DISPLAY_ENV"] = "verbose"

    def took(extra):
        result = call([polydem, "check", deck], env=dict(env, **extra))
        taken = (last_display(result.stderr, "OMP_WAIT_POLICY"),
                 last_display(result.stderr, "GOMP_SPINCOUNT"))
        if result.returncode != 0:
            fail(f"check with {extra}: exit {result.returncode}; stderr {result.stderr!r}")
        return taken, result.stderr

    for extra, expected in (({}, ("ACTIVE", "20000")),
                            ({"OMP_WAIT_POLICY": "passive"}, ("PASSIVE", "0")),
                            ({"GOMP_SPINCOUNT": "5000"}, (None, "5000"))):
        (policy, spin), stderr = took(extra)
        if (expected[0] is not None and policy != expected[0]) or spin != expected[1]:
            fail(f"with {extra or 'nothing set'}: OMP_WAIT_POLICY {policy}, GOMP_SPINCOUNT {spin}, "
                 f"expected {expected}; stderr {stderr!r}")


def main():
    polydem, deck, work = sys.argv[1:4]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    run_dir = os.path.join(work, "run")
    result = call([polydem, "run", deck, "--out", run_dir, "--quiet", "--checkpoint-every", "0.2"])
    if result.returncode != 0:
        fail(f"the reference run exited {result.returncode}: {result.stderr}")
    outs = check_output_paths(polydem, deck, work)
    check_full_disk(polydem, deck, work)
    check_plot_without_matplotlib(polydem, run_dir, work)
    checkpoints = check_damaged_checkpoints(polydem, deck, os.path.join(run_dir, "checkpoint.bin"),
                                            work)
    check_wait_policy(polydem, deck)
    print(f"ok: {outs} impossible --out, a full disk, plot without matplotlib, "
          f"{checkpoints} damaged checkpoints refused; OpenMP spins briefly unless told")


if __name__ == "__main__":
    main()
