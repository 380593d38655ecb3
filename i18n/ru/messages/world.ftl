# Сообщения кодеков и модели документа (world) по-русски: id из msg! в коде,
# английский текст — в самом коде (его печатает командная строка).

## Миссия (data.tma): что миссия говорит о себе
mission-clan-out-of-table = объект { $i } принадлежит клану { $clan } из { $clans }
mission-host-missing = объект { $i } стартует в хозяине { $host }, а такого здания в миссии нет
mission-relation-unknown-clan = отношение клана { $clan } называет клан { $other }, которого в миссии нет

## Миссия в папке игры (проверка редактора миссий); { $i } — номер и имя объекта
mission-vertex-past-hallway = объект { $i } стартует в вершине коридора { $vertex } хозяина { $host }, а в его коридоре вершин: { $n }
mission-below-ground = объект { $i } стоит на { $d } ниже земли
mission-above-ground = объект { $i } парит на { $d } над землёй
mission-object-off-map = объект { $i } стоит за пределами карты ({ $x }, { $y })
mission-lode-off-map = залежь { $lode } лежит за пределами карты ({ $x }, { $y })

## Юнит (.dat): дерево компонентов
unit-short-magic = файл длиной { $n } { $n ->
    [one] байт
    [few] байта
   *[many] байт
    } кончается внутри сигнатуры
unit-bad-magic = сигнатура { $magic }, ожидалась { $expected }
unit-magic-high-bits-strict = сигнатура { $magic }: младшие 16 бит равны { $low }, но старшие не нулевые (мягкое чтение её принимает)
unit-magic-high-bits = сигнатура { $magic }: младшие 16 бит равны { $low }, но старшие не нулевые; строгое чтение её отвергает
unit-short-class = файл кончается внутри слова класса
unit-partial-component = неполный компонент: { $n } { $n ->
    [one] байт
    [few] байта
   *[many] байт
    }, а компонент занимает { $len }
unit-no-components = нет компонентов: юниту нужен хотя бы корень
unit-components-run-out = компоненты кончились: счётчики детей ждут ещё { $owed } { $owed ->
    [one] поддерево
    [few] поддерева
   *[many] поддеревьев
    }
unit-negative-child-count = у компонента { $used } отрицательное число детей { $count }
unit-second-root = второй корень: компонент { $used } идёт после всего поддерева корня (осталось компонентов: { $extra }; мягкое чтение их пропускает)
unit-components-after-root = компоненты после поддерева корня пропущены (сохранены как есть): { $extra }; строгое чтение здесь отвергает файл
unit-class-word-unknown = слово класса { $word } — не здание, не робот и не животное
unit-field-no-nul = компонент { $i }: в поле «{ $what }» нет завершающего нуля (все 32 байта прочитаны как имя)
unit-field-junk = компонент { $i }: байты после нуля в поле «{ $what }» (сохранены)
unit-archive-not-objects = компонент { $i } называет архив «{ $archive }», а не objects.rlb
unit-flags = компонент { $i }: флаги { $flags } (у компонентов из игры — 1)
unit-part-class-unknown = компонент { $i }: неизвестный класс детали { $v }
unit-root-attach = точка крепления корня { $attach }, а не -1
unit-no-component = нет компонента { $i }: в юните их { $n }
unit-edit-no-parent = нет родителя { $i }: в юните компонентов: { $n }
unit-edit-no-component = нет компонента { $i }: в юните компонентов: { $n }
unit-edit-position-past = у компонента { $parent } детей: { $count }; позиция { $want } за их пределами
unit-edit-count-overflow = число детей компонента { $i } ({ $count }) нельзя изменить на { $by }
unit-edit-not-one-subtree = вставляемые компоненты не образуют ровно одно поддерево
unit-edit-remove-root = корень удалить нельзя
unit-edit-move-root = корень перенести нельзя
unit-edit-move-into-itself = компонент { $i } нельзя перенести под { $new_parent }: тот лежит в его собственном поддереве
unit-edit-too-few-children = у компонента { $new_parent } слишком мало детей для позиции { $p }

## Миссия (data.tma): чтение; { $what } — имя поля формата
tma-word-past-end = { $what }: 4 байта за концом файла (осталось { $left })
tma-text-past-end = { $what }: длина { $n } выходит за конец файла (осталось байт: { $left })
tma-count-too-big = { $what } { $n }: столько записей (каждая не меньше { $min } байт) не помещается в оставшиеся { $left } байт
tma-word-not-shipped = { $what } { $v }, во всех файлах игры — { $shipped }
tma-word-not-shipped-gated = { $what } { $v }, во всех файлах игры — { $shipped }; от этого ничего не зависит
tma-version-strict = { $what } { $v }, строгое чтение принимает только { $shipped }
tma-version-unknown = { $what } { $v }: движок читает только { $lo }..{ $hi }
tma-version-gated = { $what } { $v } (в файлах игры — { $shipped }): прочитано по условиям версий, записывается обратно как { $v }
tma-trailing-bytes = после последнего раздела лишние байты: { $n }
tma-clan-type-unknown = тип клана { $kind } — ни один из 0..3; чтение по типу отвергает этот клан
tma-clan-type-by-type = тип клана { $kind }: чтение по типу знает только типы 0..3
tma-zones-on-typed-clan = { $n } { $n ->
    [one] зона
    [few] зоны
   *[many] зон
    } у клана типа { $kind }: чтение по типу читает это слово как метку, а остальное иначе
tma-zone-kind = вид зоны { $zone_kind } (в игре — 1): чтение по типу читает его как число записей ({ $zone_kind })
tma-zone-group = группа из { $k } { $k ->
    [one] записи
   *[many] записей
    }: единая раскладка читает здесь одну зону вида { $k }
tma-zone-word = слово { $w } у клана типа { $kind }: единая раскладка читает здесь зон: { $w }
tma-object-kind-unknown = вид объекта { $kind } — ни один из 0..3 (здание, юнит, растительность, камень)
tma-object-marker = маркер объекта { $marker }, ожидался { $expected }
tma-property-type = тип свойства { $kind } — ни 0 (дробное), ни 1 (целое)
tma-object-clan = объект { $i } ({ $path }) называет клан { $clan } из { $clans }

## Карта проходимости (Land.map)
landmap-grid-cells = { $n } { $n ->
    [one] ячейка
    [few] ячейки
   *[many] ячеек
    } для сетки { $across }×{ $down }
landmap-areal-links = ареал { $i }: связей — { $links }, а вершин — { $vertices } и подблоков — { $blocks }
landmap-cell-too-long = ячейка { $k }: ареалов в списке — { $n } (помещается меньше { $limit })
landmap-count-too-big = число { $n } не помещается в u32
landmap-past-end = { $what }: { $n } { $n ->
    [one] байт
    [few] байта
   *[many] байт
    } за концом данных (осталось { $left })
landmap-entry-count = { $n } { $n ->
    [one] запись
    [few] записи
   *[many] записей
    }; в Land.map должна быть ровно одна (ArealMap)
landmap-entry-type = тип записи { $t }, ожидался { $expected } (ArealMap)
landmap-entry-name = запись называется «{ $name }», в картах игры она называется ArealMap
landmap-zero-across = сетка шириной в ноль ячеек
landmap-zero-down = сетка высотой в ноль ячеек
landmap-cell-list-too-long = ячейка ({ $x }, { $y }): ареалов в списке — { $n } (помещается меньше { $limit })
landmap-cell-areal-past = ячейка ({ $x }, { $y }) называет ареал { $a } из { $count }
landmap-trailing-bytes = после сетки лишние байты: { $n }
landmap-link-bad = ареал { $i }, связь { $k }: ({ $areal }, { $edge }) — не граница (-1, -1) и не ребро ни одного из ареалов (их { $count })
landmap-sub-blocks = подблоков: { $b }; ни в одной карте игры их нет; размер взят как { $reading }
landmap-sub-block-past-end = подблок из { $n }: нужно байт — { $body_len }, осталось — { $left }
landmap-one-way-link = ребро { $edge } ареала { $areal } ведёт к ребру { $to_edge } ареала { $to_areal }, а то ведёт к ({ $back_areal }, { $back_edge }), а не обратно
landmap-link-to-nothing = ребро { $edge } ареала { $areal } ведёт к ({ $to_areal }, { $to_edge }), которого нет
landmap-cell-missing-areal = ячейка ({ $x }, { $y }) называет ареал { $areal }, которого нет
landmap-cell-empty = в ячейке ({ $x }, { $y }) нет ни одного ареала
landmap-cell-areal-away = ячейка ({ $x }, { $y }) перечисляет ареал { $areal }, который лежит далеко от неё
landmap-uncovered = ареалы доходят до { $reach } со стороны { $side }, а ландшафт — до { $edge }

## Записи objects.rlb (и другие архивы записей); { $what } — имя поля формата
objrec-name-not-cp1251 = { $what } «{ $name }»: есть символ, которого нет в Windows-1251
objrec-name-nul = { $what } «{ $name }» содержит нулевой байт
objrec-name-too-long = { $what } «{ $name }» занимает { $len } байт, а в поле из { $width } байт помещается не больше { $max } и завершающий нуль
objrec-not-whole-slots = запись длиной { $len } байт — не целое число слотов по { $slot } байт: после слота { $after } лишних байт — { $rest }
objrec-slot-no-nul = слот { $i }: в имени ({ $what }) нет завершающего нуля в пределах { $width } байт
objrec-slot-count = в записи { $label } слотов: { $n }; в записях { $label } из игры их { $want }
objrec-slot-count-either = в записи { $label } слотов: { $n }; в записях { $label } из игры их { $a } или { $b }
objrec-slot-count-any = в записи { $label } слотов: { $n }; в записях { $label } из игры их { $want }
objrec-kind-unknown = неизвестный вид записи { $label } ({ $id }); слоты прочитаны по расширениям имён
objrec-slot-gap = слот { $i } пуст, но следующий за ним слот заполнен
objrec-slot-junk = слот { $i }: байты после нуля в имени ({ $what }) (сохранены)
objrec-slot-half = в слоте { $i } нет имени ({ $what }), но слот не пуст
objrec-no-slot = нет слота { $i }: в записи их { $n }
objrec-entry-size = размер записи { $size }: { $inner } (по смещению { $offset } в данных)
objrec-no-record = нет записи { $i }: в архиве их { $n }
objrec-key-not-cp1251 = в ключе записи «{ $key }» есть символ, которого нет в Windows-1251

## Поиск по папке игры и цепочке материалов (resolve); { $what } — имя файла, архива или записи
resolve-none = нет { $what }
resolve-none-looked = нет { $what } (искали в: { $places })
resolve-unreadable = { $what } ({ $origin }) не читается: { $message }
resolve-no-table-exported = { $why }: материалы модели не найти; экспортируется без текстур
resolve-no-table-drawn = { $why }: материалы модели не найти; рисуется без текстур
resolve-material-no-table = материал { $index }: нет { $table }, где его искать; экспортируется без текстур
resolve-material-lib-missing = материал { $shown }: { $why }; экспортируется без текстур
resolve-not-mat0 = { $entry }: запись не MAT0 (тип { $t }); прочитана как MAT0
resolve-material-unreadable = { $entry }: { $error }; экспортируется без текстур
resolve-page-rect = { $entry }: кадр { $cell } называет прямоугольник Page текстуры { $texture } (какой из хранимых — не подтверждено); рисуется и экспортируется этот прямоугольник
resolve-texture-lib-missing = текстура { $shown }: { $why }; рисуется без текстуры
resolve-texture-not-found = текстура { $shown } не найдена в { $lib }; рисуется без текстуры
resolve-texture-unreadable = текстура { $origin }: { $error }; рисуется без текстуры
resolve-texture-format = текстура { $origin }: игра не загружает её формат; рисуется без текстуры
resolve-texture-no-palette = текстура { $origin }: формат 2 берёт внешнюю палитру, а имя текстуры ни одну не выбирает; декодирована в оттенках серого
resolve-palette-not-found = текстура { $shown }: палитра { $entry_name } не найдена в { $lib }
resolve-parent-cycle = objects.rlb::{ $key }: родительская запись { $parent } через своих родителей ссылается сама на себя; не раскрывается
resolve-parent-missing = objects.rlb::{ $key }: родительский слот называет запись { $parent }, которой в objects.rlb нет
resolve-record-missing = запись { $key }: в objects.rlb такой записи нет
resolve-record-no-mesh = objects.rlb::{ $key }: нет слота .msh; рисовать нечего
resolve-record-nothing = запись { $p }: рисовать нечего
resolve-component-archive = компонент { $i } называет архив { $archive }, а не { $rlb }; ищется в { $rlb }
resolve-object-missing = объект { $i } ({ $p }): { $why }; рисуется помеченным ящиком

## Мир в индексе проекта (проверка миссий и карт проходимости)
world-no-such-file = в папке нет такого файла
world-no-such-record = в { $rlb } нет такой записи
world-no-landscape = файла { $text }.msh нет в папке
world-grid-uncovered = сетка не покрывает ландшафт { $land } ({ $min }..{ $max }): { $first }
world-grid-uncovered-more = сетка не покрывает ландшафт { $land } ({ $min }..{ $max }): { $first } (и ещё { $more })
world-no-ground = в ландшафте нет ни одного треугольника с конечными координатами

## Проект: обход папки и индекс ссылок
project-cannot-read = не читается: { $error }
project-cannot-open-folder = не открыть папку: { $error }
project-cannot-read-folder = не прочитать папку: { $error }
project-link-unreadable = ссылка на то, что не читается: { $error }
project-link-loop = не обходится: ссылка обратно внутрь проекта (петля или второй путь к уже обойдённой папке) ({ $target })
project-link-twice = не обходится: вторая ссылка на папку вне проекта, которая уже обойдена ({ $target })
project-same-file = пропущен: тот же файл, что уже обойдён ({ $target })
project-slot-no-archive = слот не называет архив
project-no-archive-file = в проекте нет файла { $archive }
project-not-in = нет в { $place }
project-not-in-takes = нет в { $place }; движок берёт вместо него { $other }
project-not-indexed = { $place } не проиндексирован
project-entry-not-indexed = запись { $index } в { $place } не проиндексирована
project-model-no-table = у модели нет таблицы материалов: { $why }; материалы её батчей ни к чему не приводят (игра рисует её без текстур)
project-record-cycle = запись через свои родительские слоты ссылается сама на себя: { $path }
project-socket-past-one = компонент { $index } ({ $name }) прикреплён к узлу { $node } модели родителя { $address }, а в ней { $count } узел
project-socket-past = компонент { $index } ({ $name }) прикреплён к узлу { $node } модели родителя { $address }, а узлов в ней: { $count }
project-shadowed-material = { $name }: то же имя у { $others }; строки WEAR получают { $t }, а эту — никогда
project-shadowed-material-none = { $name }: то же имя у { $others }; строки WEAR из верхней папки не получают ни одну из них
project-shadowed-texture = { $name }: то же имя у { $others }; фазы MAT0 получают { $t }, а эту — никогда
project-shadowed-texture-none = { $name }: то же имя у { $others }; фазы MAT0 из верхней папки не получают ни одну из них
project-shadowed-texture-lightmap = { $name }: то же имя у { $others }; фазы MAT0 получают { $t }, а эту — никогда; строки WEAR LIGHTMAPS получают эту
project-shadowed-texture-none-lightmap = { $name }: то же имя у { $others }; фазы MAT0 из верхней папки не получают ни одну из них; строки WEAR LIGHTMAPS получают эту

## Переименование с правкой ссылок
project-rename = Переименовать { $old } в { $new }
project-rename-one = Переименовать { $old } в { $new } и 1 ссылку на него
project-rename-many = Переименовать { $old } в { $new } и { $n } { $n ->
    [one] ссылку
    [few] ссылки
   *[many] ссылок
    } на него
project-rename-row-changed = строка { $line } уже не называет { $old } (изменена после индексации проекта)
project-rename-phase-gone = фазы { $phase } больше нет (изменено после индексации проекта)
project-rename-phase-changed = фаза { $phase } уже не называет { $old }
project-rename-object-gone = объекта { $i } больше нет (изменено после индексации проекта)
project-rename-object-changed = объект { $i } уже не называет { $old }
project-rename-not-cp1251 = в «{ $new }» есть символ, которого нет в CP1251
project-rename-slot-gone = слота { $slot } больше нет (изменено после индексации проекта)
project-rename-slot-changed = слот { $slot } уже не называет { $old }
project-rename-component-gone = компонента { $index } больше нет (изменено после индексации проекта)
project-rename-component-changed = компонент { $index } уже не называет { $old }

## Миссия: проверка другим чтением
mission-other-reading-differs = чтение clan-body={ $name } читает этот файл иначе (другие значения у кланов)

## Миссия в текстовом виде (TOML); { $what } — запись и поле, как их пишет текст
mission-text-odd-hex = шестнадцатеричный текст нечётной длины { $n }
mission-text-bad-hex = неверная шестнадцатеричная пара «{ $pair }»: { $error }
mission-text-not-cp1251 = { $what }: в «{ $s }» есть символ, которого нет в CP1251
mission-text-word-range = { $what }: { $i } не помещается в 32 бита
mission-text-not-integer = { $what }: { $f } — не целое число (тип свойства — { $kind })
mission-text-count = { $what }: { $n } { $n ->
    [one] число
    [few] числа
   *[many] чисел
    } вместо { $want }
mission-text-zones-twice = у клана { $i } задано больше одного из полей zones, zone_groups, zone_word

## Запись и юнит в текстовом виде (TOML); { $what } — слот или компонент и поле, как их пишет текст
record-text-not-hex = { $what }: «{ $s }» — не шестнадцатеричные байты
record-text-name-and-hex = { $what }: укажите имя или его hex, но не оба
record-text-not-cp1251 = { $what }: в «{ $t }» есть символ, которого нет в Windows-1251
record-text-field-too-long = { $what }: { $name } байт имени и { $rest } после его нуля не помещаются в поле из { $width } байт
record-text-kind = вид «{ $kind }» — не STAT, INTO, EXTO, BULL, BTLU, FORT, WPNS, SUNO и не числовой id типа
unit-text-no-root = в дереве юнита должен быть хотя бы корневой компонент
unit-text-root-parent = компонент 0 — корень: родителя у него нет
unit-text-no-parent = компонент { $i }: нет родителя (корень — только компонент 0)
unit-text-parent-later = компонент { $i }: родитель { $p } — не один из предыдущих компонентов
unit-text-parent-off-path = компонент { $i }: родитель { $p } не лежит на пути к компоненту { $prev } (компоненты идут в порядке обхода в глубину)

## Слияние миссий (мод поверх изменённой игры); { $what }, { $name } — часть миссии или поле объекта
mission-merge-both-changed = { $what }: изменено с обеих сторон
mission-merge-removed-edited = { $label }: с одной стороны удалён, с другой изменён
mission-merge-edited-removed = { $label }: с одной стороны изменён, с другой удалён
mission-merge-field = { $label }: обе стороны изменили поле { $name }
resolve-sibling-unreadable = { $name } в { $origin } не читается: { $error }
resolve-unit-file-unreadable = файл юнита { $p } не читается: { $error }
mission-reading-refuses = чтение clan-body={ $name } этот файл не читает: { $why }
