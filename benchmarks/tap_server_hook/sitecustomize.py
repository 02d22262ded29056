"""The server's side of `tap_split.py`: with this folder first on PYTHONPATH and
TAP_SERVER_LOG set, `panel serve` writes to that file when each websocket message came in
and when each PATCH-DOC went out, and the time of each function TAP_SERVER_WRAP names
('module:Class.method,...'), each line ending with the process's id (two servers may share
the file). TAP_SERVER_PROFILE=1: cProfile of the messages handled while the file
TAP_SERVER_LOG.on exists, dumped to TAP_SERVER_LOG.prof. Nothing without TAP_SERVER_LOG."""

import os

LOG = os.environ.get("TAP_SERVER_LOG")
if LOG:
    import cProfile
    import importlib
    import time

    from bokeh.server.views import ws
    from tornado.websocket import WebSocketHandler

    PID = os.getpid()
    out = open(LOG, "a", buffering=1)  # noqa: SIM115 (open for the server's life)
    profile = cProfile.Profile() if os.environ.get("TAP_SERVER_PROFILE") else None
    on_message, write_message = ws.WSHandler.on_message, WebSocketHandler.write_message

    async def timed_on_message(self, fragment):
        start = time.perf_counter()
        profiling = profile is not None and os.path.exists(LOG + ".on")
        if profiling:
            profile.enable()
        try:
            return await on_message(self, fragment)
        finally:
            if profiling:
                profile.disable()
            out.write(f"in {start:.6f} {time.perf_counter():.6f} {len(fragment)} {PID}\n")

    def timed_write(self, message, binary=False):
        if isinstance(message, str) and '"events"' in message[:40]:  # a PATCH-DOC's content
            now = time.perf_counter()
            out.write(f"out PATCH-DOC {now:.6f} {now:.6f} {len(message)} {PID}\n")
            if profile is not None and os.path.exists(LOG + ".on"):
                profile.dump_stats(LOG + ".prof")
        return write_message(self, message, binary)

    def timed(name, inner):
        def timed_call(*args, **kwargs):
            start = time.perf_counter()
            try:
                return inner(*args, **kwargs)
            finally:
                out.write(f"fn {name} {start:.6f} {time.perf_counter():.6f} {PID}\n")
        return timed_call

    ws.WSHandler.on_message, WebSocketHandler.write_message = timed_on_message, timed_write
    for spec in filter(None, os.environ.get("TAP_SERVER_WRAP", "").split(",")):
        module_name, _, attribute = spec.partition(":")
        owner = importlib.import_module(module_name)
        *path, leaf = attribute.split(".")
        for part in path:
            owner = getattr(owner, part)
        setattr(owner, leaf, timed(attribute, getattr(owner, leaf)))

    if os.environ.get("TAP_SERVER_GC"):
        import gc

        collecting = {}

        def gc_timed(phase, info):
            if phase == "start":
                collecting["at"] = time.perf_counter()
            elif "at" in collecting:
                start = collecting.pop("at")
                out.write(f"fn gc{info['generation']} {start:.6f} "
                          f"{time.perf_counter():.6f} {PID}\n")

        gc.callbacks.append(gc_timed)
