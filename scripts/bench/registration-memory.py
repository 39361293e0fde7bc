#!/usr/bin/env python3
"""Peak memory of host-server under N parallel registrations (SECURITY.md: password hashing
runs behind a semaphore). Starts the server binary with a fresh SQLite database, trusting
127.0.0.1 as a proxy so that every registration can come from its own forwarded address (the
per-address limits would otherwise stop most of them), sends N registrations at once and prints
the server's peak resident memory (VmHWM) before and after.

Usage: python3 scripts/bench/registration-memory.py [N] [BINARY]
"""
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

count = int(sys.argv[1]) if len(sys.argv) > 1 else 500
binary = sys.argv[2] if len(sys.argv) > 2 else os.path.join(os.path.dirname(__file__), "../../target/release/host-server")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def status_value(pid, name):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(name + ":"):
                return int(line.split()[1])
    return 0


def peak_kib(pid):
    return status_value(pid, "VmHWM")


most_threads = 0


def watch_threads(pid, stop):
    global most_threads
    while not stop.is_set():
        most_threads = max(most_threads, status_value(pid, "Threads"))
        time.sleep(0.05)


scratch = tempfile.mkdtemp()
port = free_port()
env = dict(os.environ, PORT=str(port), PAYMENT_PROVIDER="test", IMPORT_FIXTURES="never",
           DATABASE_URL=f"sqlite://{scratch}/shop.sqlite?mode=rwc", OUTBOX_DIR=f"{scratch}/outbox",
           TRUSTED_PROXIES="127.0.0.1", RUST_LOG="error")
server = subprocess.Popen([binary], env=env)
base = f"http://127.0.0.1:{port}"
for _ in range(100):
    try:
        urllib.request.urlopen(f"{base}/api/health")
        break
    except OSError:
        time.sleep(0.2)

statuses = {}
lock = threading.Lock()
start = threading.Barrier(count)


def register(n):
    body = json.dumps({"emailAddress": f"load{n}@example.nl", "password": "Hooi2024", "firstName": "A", "lastName": "B"}).encode()
    request = urllib.request.Request(f"{base}/api/account?callbackUrl=/account/confirm/", data=body, method="POST",
                                     headers={"content-type": "application/json", "x-forwarded-for": f"10.{n // 250}.{n % 250}.1"})
    start.wait()
    try:
        status = urllib.request.urlopen(request, timeout=600).status
    except urllib.error.HTTPError as error:
        status = error.code
    except OSError:
        status = "dropped"
    with lock:
        statuses[status] = statuses.get(status, 0) + 1


before = peak_kib(server.pid)
stop = threading.Event()
watcher = threading.Thread(target=watch_threads, args=(server.pid, stop))
watcher.start()
began = time.time()
threads = [threading.Thread(target=register, args=(n,)) for n in range(count)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
elapsed = time.time() - began
after = peak_kib(server.pid)
stop.set()
watcher.join()
server.terminate()
server.wait()
print(f"{count} parallel registrations in {elapsed:.1f} s: {statuses}")
print(f"server peak RSS: {before / 1024:.0f} MiB before, {after / 1024:.0f} MiB after; at most {most_threads} threads")
