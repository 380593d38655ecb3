# editors
unit-ms = { $n } мс
