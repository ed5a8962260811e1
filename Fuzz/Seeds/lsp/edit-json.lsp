Content-Length: 137

{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}, "initializationOptions": {"debounceMilliseconds": 0}}}Content-Length: 57

{"jsonrpc": "2.0", "method": "initialized", "params": {}}Content-Length: 383

{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": "file:///fuzz/screen.json", "languageId": "json", "version": 1, "text": "{\"root\": {\"id\": \"screen\", \"frame\": [0, 0, 390, 844], \"children\": [{\"id\": \"é😀\", \"type\": \"button\", \"frame\": [20, 20, 30, 30]}, {\"id\": \"b\", \"type\": \"button\", \"frame\": [60, 20, 30, 30]}]}}"}}}Content-Length: 281

{"jsonrpc": "2.0", "id": 2, "method": "textDocument/codeAction", "params": {"textDocument": {"uri": "file:///fuzz/screen.json"}, "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}, "context": {"diagnostics": [], "only": ["source.fixAll.hitlint"]}}}Content-Length: 385

{"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"textDocument": {"uri": "file:///fuzz/screen.json", "version": 2}, "contentChanges": [{"text": "{\"root\": {\"id\": \"screen\", \"frame\": [0, 0, 390, 844], \"children\": [{\"id\": \"é😀\", \"type\": \"button\", \"frame\": [20, 20, 44, 44]}, {\"id\": \"b\", \"type\": \"button\", \"frame\": [60, 20, 44, 44]}]}}"}]}}Content-Length: 362

{"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"textDocument": {"uri": "file:///fuzz/screen.json", "version": 3}, "contentChanges": [{"range": {"start": {"line": 0, "character": 99}, "end": {"line": 0, "character": 101}}, "text": "😀"}, {"range": {"start": {"line": 0, "character": 2}, "end": {"line": 0, "character": 6}}, "text": "root"}]}}Content-Length: 167

{"jsonrpc": "2.0", "id": 3, "method": "textDocument/hover", "params": {"textDocument": {"uri": "file:///fuzz/screen.json"}, "position": {"line": 0, "character": 110}}}Content-Length: 50

{"jsonrpc": "2.0", "id": 90, "method": "shutdown"}Content-Length: 36

{"jsonrpc": "2.0", "method": "exit"}