Content-Length: 165

{"jsonrpc": "2.0", "id": 1, "method": "textDocument/hover", "params": {"textDocument": {"uri": "file:///fuzz/screen.yaml"}, "position": {"line": 0, "character": 0}}}Content-Length: 137

{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}, "initializationOptions": {"debounceMilliseconds": 0}}}Content-Length: 57

{"jsonrpc": "2.0", "method": "initialized", "params": {}}Content-Length: 342

{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": "file:///fuzz/screen.yaml", "languageId": "yaml", "version": 1, "text": "root:\n  frame: [0, 0, 390, 844]\n  children:\n    - {id: play, type: button, frame: [20, 20, 30, 30]}\n    - {id: pause, type: button, frame: [52, 20, 44, 44], hitInsets: -4}\n"}}}Content-Length: 259

{"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"textDocument": {"uri": "file:///fuzz/screen.yaml", "version": 2}, "contentChanges": [{"range": {"start": {"line": 0, "character": 1e+16}, "end": {"line": 0, "character": "5"}}, "text": "x"}]}}Content-Length: 253

{"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"textDocument": {"uri": "file:///fuzz/screen.yaml", "version": 3}, "contentChanges": [{"range": {"start": {"line": 2, "character": 0}, "end": {"line": 1, "character": 0}}, "text": "x"}]}}Content-Length: 158

{"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"textDocument": {"uri": "file:///fuzz/screen.yaml", "version": "4"}, "contentChanges": "x"}}Content-Length: 71

{"jsonrpc": "2.0", "id": 4, "method": "workspace/symbol", "params": {}}Content-Length: 74

{"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": "never"}}Content-Length: 43

{"jsonrpc": "2.0", "id": 5, "result": null}Content-Length: 62

[{"jsonrpc": "2.0", "method": "initialized", "params": {}}, 1]Content-Length: 80

{"jsonrpc": "2.0", "id": {"x": 1}, "method": "textDocument/hover", "params": {}}Content-Length: 92

{"jsonrpc": "2.0", "method": "workspace/didChangeConfiguration", "params": {"settings": {}}}Content-Length: 50

{"jsonrpc": "2.0", "id": 90, "method": "shutdown"}Content-Length: 36

{"jsonrpc": "2.0", "method": "exit"}