# editors
