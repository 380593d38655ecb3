# editors
unit-ms = { $n } мс
toolbar-tools = Инструменты
toolbar-more = Ещё
toolbar-more-tip = Остальная часть панели инструментов, не поместившаяся по ширине
