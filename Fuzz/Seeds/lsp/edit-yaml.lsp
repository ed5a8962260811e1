Content-Length: 137

{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}, "initializationOptions": {"debounceMilliseconds": 0}}}Content-Length: 57

{"jsonrpc": "2.0", "method": "initialized", "params": {}}Content-Length: 342

{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": "file:///fuzz/screen.yaml", "languageId": "yaml", "version": 1, "text": "root:\n  frame: [0, 0, 390, 844]\n  children:\n    - {id: play, type: button, frame: [20, 20, 30, 30]}\n    - {id: pause, type: button, frame: [52, 20, 44, 44], hitInsets: -4}\n"}}}Content-Length: 256

{"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"textDocument": {"uri": "file:///fuzz/screen.yaml", "version": 2}, "contentChanges": [{"range": {"start": {"line": 3, "character": 51}, "end": {"line": 3, "character": 53}}, "text": "44"}]}}Content-Length: 166

{"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover", "params": {"textDocument": {"uri": "file:///fuzz/screen.yaml"}, "position": {"line": 3, "character": 20}}}Content-Length: 247

{"jsonrpc": "2.0", "id": 3, "method": "textDocument/codeAction", "params": {"textDocument": {"uri": "file:///fuzz/screen.yaml"}, "range": {"start": {"line": 4, "character": 0}, "end": {"line": 4, "character": 10}}, "context": {"diagnostics": []}}}Content-Length: 68

{"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": 3}}Content-Length: 117

{"jsonrpc": "2.0", "method": "textDocument/didSave", "params": {"textDocument": {"uri": "file:///fuzz/screen.yaml"}}}Content-Length: 137

{"jsonrpc": "2.0", "method": "workspace/didChangeWatchedFiles", "params": {"changes": [{"uri": "file:///fuzz/.hitlint.yml", "type": 2}]}}Content-Length: 118

{"jsonrpc": "2.0", "method": "textDocument/didClose", "params": {"textDocument": {"uri": "file:///fuzz/screen.yaml"}}}Content-Length: 50

{"jsonrpc": "2.0", "id": 90, "method": "shutdown"}Content-Length: 36

{"jsonrpc": "2.0", "method": "exit"}