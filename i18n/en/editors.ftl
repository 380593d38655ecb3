# editors
unit-ms = { $n } ms
