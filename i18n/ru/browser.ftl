# browser

col-name = Имя
col-type = Тип
col-size = Размер
col-offset = Смещение
col-format = Формат
col-length = Длительность
browser-sort-by = Сортировать по столбцу «{ $column }»
browser-empty = Нет открытых файлов
browser-empty-hint = Откройте архив (Ctrl+O), папку игры (Ctrl+Shift+O) или перетащите файлы сюда.
browser-filter-hint = Фильтр по имени (Ctrl+F)
browser-all-types = Все типы
browser-filter-type = Фильтр по типу
browser-clear-filter = Сбросить фильтр
browser-shown = показано: { $n }
browser-shown-selected = показано: { $n } · выделено: { $sel }
browser-type-packed = тип { $id }, в архиве { $packed }
browser-packed = в архиве { $packed }
browser-type-id = код типа { $id } ({ $hex })
browser-new-name = Новое имя
browser-problems = { $n ->
    [one] { $n } проблема
    [few] { $n } проблемы
    [many] { $n } проблем
   *[other] { $n } проблемы
}
browser-problems-tip = Ошибок: { $n } (найдены фоновой проверкой, см. «Диагностику»)
browser-salvaged = NRes (восстановлен, только чтение)
browser-damaged = повреждён (только чтение)
seconds = { $s } с
sound-mono = моно
sound-stereo = стерео
sound-channels = { $n } кан.
sound-block = блок { $n }
font-summary = глифов: { $glyphs }, лист { $w }×{ $h }
palette-summary = 256 цветов
palette-summary-ipol = 256 цветов + Ipol
texture-mips = мип-уровней: { $n }
