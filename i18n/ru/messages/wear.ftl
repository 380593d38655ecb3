# Сообщения кодеков и модели документа (wear) по-русски: id из msg! в коде,
# английский текст — в самом коде (его печатает командная строка).
# $section и $what — «material» или «lightmap» (раздел таблицы); «Illegal wear length.» и
# подобные — сообщения самой игры, их не переводим.

## Разбор текста WEAR
wear-empty = пустой WEAR: нет числа материалов («Illegal wear length.»)
wear-no-material-count = ожидалось число материалов (целое), найдено «{ $found }» («Illegal wear length.»)
wear-material-count-low = число материалов — { $count }; оно должно быть больше 0 («Illegal wear length.»)
wear-lightmap-count-low = число лайтмапов — { $count }; оно должно быть больше 0 («Illegal lightmaps length.»)
wear-no-lightmap-count = после LIGHTMAPS ожидалось число лайтмапов, найдено «{ $found }» («Illegal lightmaps length.»)
wear-ends-before-lightmap-count = текст кончается раньше числа лайтмапов («Illegal lightmaps length.»)
wear-bad-id = { $section ->
        [lightmap] строка лайтмапа
       *[other] строка материала
    } { $row }: ожидался legacy id (целое число), найдено «{ $found }»
wear-no-id = { $section ->
        [lightmap] строка лайтмапа
       *[other] строка материала
    } { $row }: ожидался legacy id (целое число), но текст кончился
wear-missing-rows = { $section ->
        [lightmap] число лайтмапов
       *[other] число материалов
    } — { $count }, но текст кончается после { $rows ->
        [one] { $rows } полной строки
       *[other] { $rows } полных строк
    }
wear-number-too-big = { $value } не помещается в 32-битное целое движка
wear-extra-rows = { $extra ->
        [one] { $extra } строка
        [few] { $extra } строки
       *[other] { $extra } строк
    } { $section ->
        [lightmap] лайтмапов
       *[other] материалов
    } сверх объявленного числа { $count }; движок их не читает
wear-lightmaps-unread = этот раздел LIGHTMAPS идёт после строк сверх объявленного числа; движок его не читает
wear-text-after = текст после таблицы движок не читает: «{ $found }»
wear-no-blank-fails = перед LIGHTMAPS нет пустой строки: буферный парсер движка (sub_10003F80) тогда ломается в строке { $line }, столбце { $column }
wear-no-blank-misreads = перед LIGHTMAPS нет пустой строки: буферный парсер движка (sub_10003F80) может тогда прочитать не те строки
wear-parsers-differ-stops = буферный парсер движка (sub_10003F80) читает этот текст не так, как файловый (sub_10003B10): он останавливается в строке { $line }, столбце { $column }
wear-parsers-differ-reads = буферный парсер движка (sub_10003F80) читает этот текст не так, как файловый (sub_10003B10): он видит { $materials ->
        [one] { $materials } строку материалов
        [few] { $materials } строки материалов
       *[other] { $materials } строк материалов
    } и { $lightmaps ->
        [one] { $lightmaps } строку лайтмапов
        [few] { $lightmaps } строки лайтмапов
       *[other] { $lightmaps } строк лайтмапов
    }
wear-ids-out-of-order = { $section ->
        [lightmap] у строки лайтмапа
       *[other] у строки материала
    } { $row } legacy id { $id }: id идут не по порядку 0..n-1; движок ищет строки по позиции и id не смотрит
wear-nul-tail = текст кончается нулевым байтом; { $count ->
        [one] { $count } байт после него (начиная со смещения { $from }) движок не читает
        [few] { $count } байта после него (начиная со смещения { $from }) движок не читает
       *[other] { $count } байт после него (начиная со смещения { $from }) движок не читает
    }

## Правка таблицы
wear-name-not-cp1251 = в имени «{ $name }» есть символ вне CP1251
wear-name-empty = имя не может быть пустым
wear-name-blank = имя «{ $name }» содержит пробел или нулевой байт; движок читает имя до первого пробела
wear-no-such-row = { $section ->
        [lightmap] строки лайтмапа
       *[other] строки материала
    } { $row } нет (в таблице { $count ->
        [one] { $count } строка
        [few] { $count } строки
       *[other] { $count } строк
    })
wear-no-lightmaps-section = в WEAR нет раздела LIGHTMAPS
wear-no-count = в WEAR нет { $section ->
        [lightmap] числа лайтмапов
       *[other] числа материалов
    }, которое можно обновить
wear-add-lightmaps-first = в WEAR нет раздела LIGHTMAPS; сначала добавьте его
wear-last-material-row = в WEAR должна быть хотя бы одна строка материала
wear-last-lightmap-row = последняя строка лайтмапа уходит вместе с разделом: удалите раздел LIGHTMAPS целиком
wear-lightmaps-need-row = в разделе LIGHTMAPS должна быть хотя бы одна строка
wear-lightmaps-exists = в WEAR уже есть строка LIGHTMAPS
wear-no-material-count-line = в WEAR нет числа материалов

## Быстрые исправления
wear-fix-set-count = Установить { $section ->
        [lightmap] число лайтмапов
       *[other] число материалов
    } равным { $rows } (сколько строк есть)
wear-fix-blank-line = Вставить пустую строку перед LIGHTMAPS
wear-fix-replace-name = Заменить { $current } на { $name }

## Пределы движка и поиск строк
wear-too-many-materials = { $rows ->
        [one] { $rows } строка материала
        [few] { $rows } строки материалов
       *[other] { $rows } строк материалов
    }: движок загружает не больше { $max } материалов
wear-too-many-lightmaps = { $rows ->
        [one] { $rows } строка лайтмапа
        [few] { $rows } строки лайтмапов
       *[other] { $rows } строк лайтмапов
    }: движок держит не больше { $max } лайтмапов
wear-library-too-big = в { $lib } { $count ->
        [one] { $count } запись
        [few] { $count } записи
       *[other] { $count } записей
    }: движок загружает не больше { $max } { $what ->
        [materials] материалов
        [textures] текстур
        [lightmaps] лайтмапов
        [palettes] палитр
       *[other] { $what }
    }
wear-too-many-tables = { $tables ->
        [one] { $tables } таблица
        [few] { $tables } таблицы
       *[other] { $tables } таблиц
    } WEAR на один MatManager; в нём место для { $max }, и движок этого не проверяет
wear-lookup-by-row = id { $section ->
        [lightmap] лайтмапов
       *[other] материалов
    } идут не по порядку 0..{ $last }: поиск по позиции строки (другое прочтение может выбрать другую строку)
wear-lookup-by-id = id { $section ->
        [lightmap] лайтмапов
       *[other] материалов
    } идут не по порядку 0..{ $last }: поиск по legacy id (другое прочтение может выбрать другую строку)
wear-index-no-row = { $section ->
        [lightmap] индекс лайтмапа
       *[other] индекс материала
    } { $index } не указывает ни на одну строку (в таблице { $count ->
        [one] { $count } строка
        [few] { $count } строки
       *[other] { $count } строк
    })
wear-material-not-found = Material { $name } not found. (такого материала нет, игра подставит DEFAULT)
wear-lightmap-not-found = LightMap { $name } not found. (такого лайтмапа нет, игра рисует без него)

## Слияние таблиц (моды)
wear-merge-both-add = обе правки добавляют строки после строки { $line }
wear-merge-both-change = обе правки меняют строки { $first }..{ $last } исходной таблицы
