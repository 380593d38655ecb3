# Сообщения кодеков и модели документа (doc) по-русски: id из msg! в коде,
# английский текст — в самом коде (его печатает командная строка).

## Узлы и рабочее пространство
doc-not-archive-add = это не архив: добавить в него записи нельзя
doc-not-archive = это не архив: записей в нём нет
doc-rsli-no-attrs = у записей RsLi нет типа и атрибутов
doc-no-open-file = нет открытого файла №{ $id }
doc-no-entry = нет записи №{ $i }
doc-no-such-file = такого файла нет
doc-damaged-read-only = файл повреждён и открыт только для чтения: извлеките из него то, что можно, или исправьте его и откройте снова
doc-lock-poisoned = внутренняя блокировка кэша испорчена (сбой в другом потоке)
doc-save-changed-on-disk = файл изменился на диске после открытия; сохранение затрёт эти изменения
doc-save-failed = не удалось сохранить: { $error } (исходный файл не тронут)

## Правки (меню «Правка» и история)
doc-edit-replace-entry = замена записи №{ $i } ({ $size } { $size ->
    [one] байт
    [few] байта
   *[many] байт
    })
doc-edit-add-entry = добавление { $name }
doc-edit-remove-entry = удаление записи №{ $i }
doc-edit-rename-entry = переименование записи №{ $i } в { $name }
doc-edit-set-attrs = изменение атрибутов записи №{ $i }
doc-edit-replace-node = замена содержимого
doc-edit-compact = уплотнение архива
doc-edit-rebuild-lookup = перестройка таблицы поиска
doc-edit-restore = восстановление
doc-edit-batch = { $n } { $n ->
    [one] изменение
    [few] изменения
   *[many] изменений
    }
doc-edit-batch-plain = пакет правок может содержать только простые операции

## Повреждённые файлы
doc-damaged-salvaged = повреждён по смещению { $at }: { $error }; открыт только для чтения по уцелевшим строкам каталога (целых записей: { $n })
doc-damaged-bytes = повреждён по смещению { $at }: { $error }; открыт только для чтения как байты

## Проверка (check)
doc-check-unrecognised = формат не распознан (NRes, RsLi, Texm, текст WEAR или level.geom)
doc-check-no-roundtrip = архив не записывается обратно в исходные байты
doc-check-cancelled = проверка прервана после { $done } из { $total } { $total ->
    [one] записи
   *[other] записей
    }
doc-check-draws-unchecked = { $why }: диапазоны отрисовки визуалов не проверены
doc-check-draws-no-geom = рядом нет level.geom: диапазоны отрисовки визуалов не проверены

## Имена и атрибуты записей
doc-name-not-cp1251 = в имени «{ $name }» есть символы, которых нет в CP1251
doc-rename-file = файл переименовывается через «Сохранить как»
doc-file-no-attrs = у файла нет атрибутов

## Остатки прерванных сохранений
doc-stale-temp-s = { $path } ({ $size } { $size ->
    [one] байт
    [few] байта
   *[many] байт
    }, возраст { $n } с) остался от прерванного сохранения { $of }; сам файл цел, а эту копию можно удалить
doc-stale-temp-min = { $path } ({ $size } { $size ->
    [one] байт
    [few] байта
   *[many] байт
    }, возраст { $n } мин) остался от прерванного сохранения { $of }; сам файл цел, а эту копию можно удалить
doc-stale-temp-h = { $path } ({ $size } { $size ->
    [one] байт
    [few] байта
   *[many] байт
    }, возраст { $n } ч) остался от прерванного сохранения { $of }; сам файл цел, а эту копию можно удалить
doc-stale-temp-days = { $path } ({ $size } { $size ->
    [one] байт
    [few] байта
   *[many] байт
    }, возраст { $n } { $n ->
    [one] день
    [few] дня
   *[many] дней
    }) остался от прерванного сохранения { $of }; сам файл цел, а эту копию можно удалить

## Сравнение (diff)
doc-diff-none = различий нет; одинаковых: { $identical }
doc-diff-part-changed = изменено: { $n }
doc-diff-part-added = добавлено: { $n }
doc-diff-part-removed = удалено: { $n }
doc-diff-part-renamed = переименовано: { $n }
doc-diff-part-moved = перемещено: { $n }
doc-diff-summary-one = { $n } изменение ({ $parts }); одинаковых: { $identical }
doc-diff-summary = { $n } { $n ->
    [one] изменение
    [few] изменения
   *[many] изменений
    } ({ $parts }); одинаковых: { $identical }
doc-diff-no-decoder = ни один декодер не распознаёт этот элемент
doc-diff-no-entry-index = в { $name } нет записи №{ $i }
doc-diff-no-entry = в { $name } нет записи { $label }
doc-diff-empty-path = пустой путь
doc-diff-not-compared = { $root } не входит в сравниваемые элементы
doc-diff-not-in-folder = { $want } нет в { $dir }

## Заметки сравнения (поля форматов остаются как в документации)
diff-added = добавлено
diff-removed = удалено
diff-moved-to = перемещено на место { $j }
diff-mat0-after-nul = различаются байты после завершающего нуля имени
diff-msh-component-changed = изменено, { $count }{ $attrs }
diff-palette-entries = изменено элементов палитры: { $n }: { $list }{ $more }
diff-landmap-cells = ячеек, в которых перечислены другие области: { $cells }
diff-more-changed = изменено ещё: { $n }
diff-wear-text-lines = различаются строки текста ({ $changed }{ $s }); строки таблиц и их числа те же
diff-wear-row-moved = перенесено со строки { $i } на строку { $j }
diff-layout-only = все записи и поля каталога одинаковы; различаются заголовок, таблица поиска или выравнивание
diff-bytes-differ = различается { $n } { $n ->
    [one] байт
    [few] байта
   *[many] байт
    }
diff-more-ranges = ещё диапазонов: { $n }, байт: { $rest }
merge-conflict-and = { $a }; { $b }
node-payload-not-read = запись №{ $index }: её данные не прочитаны из файла
node-payload-not-held = запись №{ $index }: её новые данные не загружены
node-rsli-source = RsLi упаковывает свои данные: источник { $id } должен быть загружен
