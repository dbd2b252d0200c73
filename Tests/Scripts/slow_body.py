#!/usr/bin/env python3
"""Slow-body attack on loopback: does one client sending bodies slowly starve everyone else?

Opens SLOW connections from one client address (127.0.0.2 by default), each sending a POST head
that announces a 1,000-byte body and then one body byte every INTERVAL seconds. Meanwhile, from
another address (127.0.0.1), one normal request a second, each given TIMEOUT seconds to answer.
Prints how many slow connections the server accepted and refused, and how many normal requests
failed. Bounded: it runs DURATION seconds and closes every socket it opened.

    Tests/Scripts/slow_body.py PORT [--slow 1100] [--duration 30] [--interval 5] [--timeout 2]
        [--attacker 127.0.0.2] [--client 127.0.0.1] [--path /public/segue.js]

Start the server first, e.g. `.build/debug/segue serve Examples/mail.yaml --port 0 --store memory`.
The process needs more than SLOW file descriptors (`ulimit -n`).
"""
import argparse
import asyncio
import time


async def slow_connection(args, stats, stop):
    try:
        reader, writer = await asyncio.wait_for(
            asyncio.open_connection("127.0.0.1", args.port, local_addr=(args.attacker, 0)), 5)
    except (OSError, asyncio.TimeoutError):
        stats["slow_connect_failed"] += 1
        return
    stats["slow_open"] += 1
    head = (f"POST /api/v1/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            f"Content-Length: 1000\r\n\r\n").encode()
    answered = False
    try:
        writer.write(head)
        await writer.drain()
        while not stop.is_set():
            # A server that refuses or cuts the connection answers (or closes) meanwhile.
            try:
                data = await asyncio.wait_for(reader.read(4096), args.interval)
                if not data:
                    break
                if data.startswith(b"HTTP/1.1 503"):
                    stats["slow_refused"] += 1
                answered = True
                break
            except asyncio.TimeoutError:
                pass
            writer.write(b" ")
            await writer.drain()
            stats["slow_bytes"] += 1
    except (ConnectionError, OSError):
        pass
    finally:
        if not stop.is_set():
            stats["slow_closed_by_server"] += 1
        writer.close()
    _ = answered


async def normal_requests(args, stats, stop):
    start = time.monotonic()
    while time.monotonic() - start < args.duration:
        tick = time.monotonic()
        stats["normal_sent"] += 1
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection("127.0.0.1", args.port, local_addr=(args.client, 0)), args.timeout)
            writer.write(f"GET {args.path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
            await writer.drain()
            line = await asyncio.wait_for(reader.readline(), args.timeout)
            writer.close()
            if line.startswith(b"HTTP/1.1 2") or line.startswith(b"HTTP/1.1 3"):
                stats["normal_ok"] += 1
            else:
                stats["normal_failed"] += 1
        except (OSError, asyncio.TimeoutError, ConnectionError):
            stats["normal_failed"] += 1
        await asyncio.sleep(max(0, 1 - (time.monotonic() - tick)))
    stop.set()


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("port", type=int)
    parser.add_argument("--slow", type=int, default=1100)
    parser.add_argument("--duration", type=float, default=30)
    parser.add_argument("--interval", type=float, default=5)
    parser.add_argument("--timeout", type=float, default=2)
    parser.add_argument("--attacker", default="127.0.0.2")
    parser.add_argument("--client", default="127.0.0.1")
    parser.add_argument("--path", default="/public/segue.js")
    args = parser.parse_args()
    stats = dict(slow_open=0, slow_connect_failed=0, slow_refused=0, slow_closed_by_server=0, slow_bytes=0,
                 normal_sent=0, normal_ok=0, normal_failed=0)
    stop = asyncio.Event()
    slow = [asyncio.create_task(slow_connection(args, stats, stop)) for _ in range(args.slow)]
    await asyncio.sleep(1)  # the slow connections first
    await normal_requests(args, stats, stop)
    await asyncio.wait_for(asyncio.gather(*slow, return_exceptions=True), args.interval + 10)
    print(" ".join(f"{k}={v}" for k, v in stats.items()))


asyncio.run(main())
