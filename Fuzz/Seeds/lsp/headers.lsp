Content-Length: 137
Content-Type: application/vscode-jsonrpc; charset=utf-8

{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}, "initializationOptions": {"debounceMilliseconds": 0}}}content-length: 57

{"jsonrpc": "2.0", "method": "initialized", "params": {}}Content-Length: 213

{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": "file:///fuzz/screen.yaml", "languageId": "yaml", "version": 1, "text": "root:\n  id: '\ud800'\n  frame: [0, 0, 10, 10]\n"}}}Content-Length: 253

{"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"textDocument": {"uri": "file:///fuzz/screen.yaml", "version": 2}, "contentChanges": [{"range": {"start": {"line": 1, "character": 6}, "end": {"line": 1, "character": 7}}, "text": "a"}]}}Content-Length: 165

{"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover", "params": {"textDocument": {"uri": "file:///fuzz/screen.yaml"}, "position": {"line": 1, "character": 6}}}Content-Length: 99999999999

