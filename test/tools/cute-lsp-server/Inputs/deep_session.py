"""An LSP session in Content-Length frames: initialize, a message of 100,000 nested
arrays, then a shutdown request and exit (issue 41, F17)."""
import json
import sys


def frame(body):
    return b"Content-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body


out = sys.stdout.buffer
out.write(frame(json.dumps({"jsonrpc": "2.0", "id": 0, "method": "initialize",
                            "params": {"processId": 1, "rootPath": "cute", "capabilities": {}}}).encode()))
out.write(frame(b"[" * 100000 + b"]" * 100000))
out.write(frame(json.dumps({"jsonrpc": "2.0", "id": 7, "method": "shutdown"}).encode()))
out.write(frame(json.dumps({"jsonrpc": "2.0", "method": "exit"}).encode()))
