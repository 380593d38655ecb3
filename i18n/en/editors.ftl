# editors
unit-ms = { $n } ms
toolbar-tools = Tools
toolbar-more = More
toolbar-more-tip = The rest of the tool bar, which does not fit this width
