# wear
view-wear = WEAR
wear-uses-line = Использования: { $uses } в { $mesh } по номеру строки
wear-no-mesh = Рядом с таблицей нет модели: число использований неизвестно
wear-names-unchecked = { $what }: имена не проверить
wear-materials = Материалы ({ $n })
wear-lightmaps = Карты освещения ({ $n })
wear-add-material = Добавить строку материала
wear-add-lightmap = Добавить строку карты освещения
wear-undo-add = Добавление строки WEAR
wear-add-failed = добавление строки: { $error }
wear-col-id = Id
wear-col-name = Имя
wear-col-material = Материал
wear-col-read-by = Кто читает
wear-col-role = Роль
wear-col-uses = Исп.
wear-in-lightmap-lib = в lightmap.lib
wear-no-lightmap = не найдена: без карты освещения
wear-both-parsers = оба парсера
wear-file-parser-only = только файловый парсер
wear-not-read-by = { $parser } не читает эту строку
wear-up-tip = Сдвинуть строку выше
wear-down-tip = Сдвинуть строку ниже
wear-remove-tip = Удалить строку
wear-n-triangles = { $n ->
    [one] { $n } треугольник
    [few] { $n } треугольника
   *[other] { $n } треугольников
}
wear-n-batches = { $n ->
    [one] { $n } батч
    [few] { $n } батча
   *[other] { $n } батчей
}
wear-n-uses = { $n ->
    [one] { $n } использование
    [few] { $n } использования
   *[other] { $n } использований
}
wear-not-integer = { $text } — не целое число
wear-undo-id = Id в WEAR
wear-undo-rename = Переименование строки WEAR
wear-row-error = строка WEAR { $row }: { $error }
wear-not-found = не найден: { $entry }
wear-not-found-no-default = не найден, DEFAULT нет: запись 0 ({ $entry })
wear-fallback-tip = Игра подставит этот материал
wear-unresolved = не найдено
wear-confirm-remove = Строки адресуются по номеру. Удаление строки { $row } перенаправит { $after } в { $mesh }, ссылающихся на строки после неё, на строку перед ними, а { $own }, ссылающихся на строку { $row }, будут указывать на следующую строку (или за конец таблицы).
wear-confirm-move = Строки адресуются по номеру. Перемещение поменяет местами то, что рисуют { $uses_a } в { $mesh } (строка { $a }) и { $uses_b } (строка { $b }).
wear-undo-remove = Удаление строки WEAR
wear-undo-move = Перемещение строки WEAR
wear-confirm-remove-title = Удалить строку?
wear-confirm-move-title = Переместить строку?
wear-remove-anyway = Всё равно удалить
wear-move-anyway = Всё равно переместить
wear-undo-count = Число строк WEAR
wear-undo-blank = Пустая строка перед LIGHTMAPS
wear-undo-replace-name = Замена имени
wear-quick-fix-failed = быстрое исправление: { $error }
wear-undo-complete = Дополнение имени
wear-opening = открывается { $lib } ради { $name }
wear-no-material-lib = { $name }: ни в одном Material.lib его нет
wear-no-line-breaks = нет переводов строк
wear-mixed-endings = вперемешку: { $crlf } CRLF, { $lf } LF
wear-nul = завершающий NUL
wear-no-nul = без NUL
wear-escaped = { $n ->
    [one] { $n } байт показан экранированным
    [few] { $n } байта показаны экранированными
   *[other] { $n } байт показаны экранированными
}
wear-engine-refuses = движок её не примет
wear-engine-reads = движок читает { $n ->
    [one] { $n } материал
    [few] { $n } материала
   *[other] { $n } материалов
}
wear-engine-reads-lightmaps = движок читает { $n ->
    [one] { $n } материал
    [few] { $n } материала
   *[other] { $n } материалов
    }, { $lightmaps ->
    [one] { $lightmaps } карту освещения
    [few] { $lightmaps } карты освещения
   *[other] { $lightmaps } карт освещения
}
wear-text = Текст
wear-table = Таблица
wear-split = Текст + таблица
wear-whitespace = Пробелы
wear-whitespace-tip = Показывать пробелы, табуляции и концы строк
wear-go-to-hint = Перейти к материалу: поставьте курсор на имя материала
wear-n-errors = { $n ->
    [one] { $n } ошибка
    [few] { $n } ошибки
   *[other] { $n } ошибок
}
wear-n-warnings = { $n ->
    [one] { $n } предупреждение
    [few] { $n } предупреждения
   *[other] { $n } предупреждений
}
wear-only-changed = Только изменённые строки
wear-removed-added = удалено: { $removed }, добавлено: { $added }
wear-role-footings = Land1: основания зданий (зарезервировано)
wear-role-terrain = Land1: материал ландшафта, оба LOD
wear-role-micro = Land2: микротекстура строки { $row } Land1
wear-role-lod0 = Land1: материал LOD0
wear-role-lod1 = Land2: материал LOD1
wear-more-bytes = … ещё { $n ->
    [one] { $n } байт
    [few] { $n } байта
   *[other] { $n } байт
    } этой строки не показаны
wear-no-cp1251 = { $c } нет в CP1251: в имени WEAR его быть не может
wear-open-hint = Ctrl+щелчок или F12: открыть материал
wear-falls-back = не найден: подставляется { $name }
wear-no-diagnostics = Диагностики нет: оба парсера движка читают таблицу одинаково, и все имена находятся.
wear-undo-typing = Ввод текста
wear-undo-paste = Вставка
wear-undo-cut = Вырезание
wear-undo-delete = Удаление
wear-quick-fixes = Быстрые исправления
wear-quick-fixes-tip = Быстрые исправления (Ctrl+.)
wear-no-library = нет библиотеки материалов
wear-texture-line = текстура { $name }{ $size }
wear-sev-error = ошибка
wear-sev-warning = предупреждение
wear-sev-info = сведения
wear-goto-tip = Перейти к месту
wear-fix = Исправить: { $label }
