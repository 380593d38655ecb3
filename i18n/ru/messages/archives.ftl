# Сообщения кодеков и модели документа (archives) по-русски: id из msg! в коде,
# английский текст — в самом коде (его печатает командная строка).

## NRes
nres-not-nres = это не архив NRes (сигнатура { $magic }, ожидалась «NRes»)
nres-version = неподдерживаемая версия NRes { $version } (ожидалась 0x100)
nres-negative-count = отрицательное число записей: { $count }
nres-total-size = total_size { $total } не совпадает с длиной файла { $length }
nres-directory-too-big = каталог из { $count } { $count ->
    [one] записи
   *[other] записей
    } ({ $size } байт) не помещается в файл длиной { $length } байт после заголовка
nres-payload-outside = запись { $k } («{ $name }»): данные { $o }..+{ $s } лежат вне области данных { $start }..{ $end }
nres-name-unterminated = запись { $k }: в поле имени нет завершающего нуля (занято { $used } байт)
nres-shared-bytes = запись { $k } («{ $name }») делит или перекрывает байты другой записи
nres-salvage-dropped = восстановление: строка каталога { $k } («{ $name }») повреждена (данные { $o }..+{ $s }); не показана
nres-directory-length = каталог занимает { $want } байт, а дано { $given }
nres-over-4gib = архив превысил бы 4 ГиБ — предел смещений NRes
nres-payload-too-large = данные слишком велики для NRes: { $len } { $len ->
    [one] байт
    [few] байта
   *[many] байт
    }
nres-name-too-long = имя занимает { $len } { $len ->
    [one] байт
    [few] байта
   *[many] байт
    }; предел для имён NRes, которые пишет редактор, — { $max } { $max ->
    [one] байт
    [few] байта
   *[many] байт
    }
nres-lookup-out-of-range = строка { $k } таблицы поиска содержит { $v } — вне диапазона 0..{ $n }: игра не найдёт часть записей (перестройте таблицу)
nres-lookup-twice = таблица поиска дважды содержит запись { $v }: игра не найдёт часть записей (перестройте таблицу)
nres-lookup-unsorted = таблица поиска не отсортирована в строке { $k } («{ $name }» после «{ $prev }»): двоичный поиск игры не найдёт часть записей (перестройте таблицу)

## Общее для архивов NRes и RsLi
archive-no-entry = нет записи №{ $i } (в архиве { $count } { $count ->
    [one] запись
    [few] записи
   *[many] записей
    })
archive-name-empty = имя записи не может быть пустым
archive-name-nul = имя записи не может содержать байт NUL

## Чтение байтов (имя поля — как в описании формата)
read-seek-past-end = { $what }: смещение { $at } за концом данных (длина { $len })
read-past-end = { $what } выходит за конец данных (нужно { $n } { $n ->
    [one] байт
    [few] байта
   *[many] байт
    }, осталось { $left })
read-records-overflow = { $what }: { $count } × { $size } байт — переполнение размера

## RsLi
rsli-not-rsli = это не архив RsLi: сигнатура { $magic }, ожидалась «NL»
rsli-version = версия RsLi { $version } не поддерживается (ожидалась 1)
rsli-negative-count = отрицательное число записей: { $count }
rsli-count2-ignored = второй счётчик записей ({ $count2 }) не совпадает с первым ({ $count }); используется первый
rsli-count2-differs = второй счётчик записей ({ $c2 }) не совпадает с первым ({ $c1 })
rsli-table-past-end = { $count } { $count ->
    [one] запись
    [few] записи
   *[many] записей
    } по { $row } { $row ->
    [one] байт
    [few] байта
   *[many] байт
    } не помещаются в файл: таблица записей выходит за конец данных (нужно { $need } { $need ->
    [one] байт
    [few] байта
   *[many] байт
    }, осталось { $left })
rsli-not-ao-trailer = файл оканчивается на «AO», но не читается как завершающий блок AO ({ $reason })
rsli-ao-overlay-past-end = смещение наложения AO { $overlay } указывает за конец файла ({ $len })
rsli-overlay-past-end = смещение наложения { $overlay } лежит за концом файла ({ $end })
rsli-payload-in-table = запись №{ $i } «{ $name }»: данные по смещению { $start } перекрывают заголовок или таблицу записей (она кончается на { $table_end })
rsli-deflate-one-past = запись №{ $i } «{ $name }»: диапазон Deflate { $start }..{ $end } заходит на один байт за конец данных ({ $data_end }); прочитан без этого байта
rsli-payload-past-end = запись №{ $i } «{ $name }»: диапазон данных { $start }..{ $end } выходит за конец данных ({ $data_end })
rsli-deflate-failed = сжатие Deflate не удалось: { $error }
rsli-deflate-corrupt = поток Deflate повреждён: { $error }
rsli-deflate-short = поток Deflate кончается раньше времени: получено { $got } { $got ->
    [one] байт
    [few] байта
   *[many] байт
    } из заявленных { $size }
rsli-deflate-long = в потоке Deflate больше байт, чем заявлено ({ $size })
rsli-method-cannot-encode = способ хранения { $method } неизвестен, и упаковать им нельзя
rsli-method-unknown = способ хранения { $method } неизвестен
rsli-stream-read-failed = не удалось прочитать упакованные байты: { $error }
rsli-stream-write-failed = не удалось записать распакованные байты: { $error }
rsli-stored-short = хранится { $stored } { $stored ->
    [one] байт
    [few] байта
   *[many] байт
    }, а заявленный распакованный размер — { $size } { $size ->
    [one] байт
    [few] байта
   *[many] байт
    }
rsli-lzhuf-short = поток LZHUF кончается раньше заявленного размера ({ $size } { $size ->
    [one] байт
    [few] байта
   *[many] байт
    })
rsli-lzss-short-control = поток LZSS кончается раньше заявленного размера ({ $size } { $size ->
    [one] байт
    [few] байта
   *[many] байт
    }) — при чтении управляющего байта
rsli-lzss-short-literal = поток LZSS кончается раньше заявленного размера ({ $size } { $size ->
    [one] байт
    [few] байта
   *[many] байт
    }) — при чтении литерала
rsli-lzss-short-copy = поток LZSS кончается раньше заявленного размера ({ $size } { $size ->
    [one] байт
    [few] байта
   *[many] байт
    }) — при чтении ссылки на копию
rsli-name-too-long = имя записи занимает { $len } { $len ->
    [one] байт
    [few] байта
   *[many] байт
    }; предел для имён RsLi — { $max } { $max ->
    [one] байт
    [few] байта
   *[many] байт
    }
rsli-too-many-entries = в архиве RsLi может быть не больше { $max } записей
rsli-over-u32 = архив вырос бы до { $size } байт — больше, чем адресуют смещения u32
rsli-size-over-u32 = размер { $n } { $n ->
    [one] байт
    [few] байта
   *[many] байт
    } не помещается в поле u32
rsli-reserved-byte = зарезервированный байт заголовка равен { $value }, обычно 0 (сохранён как есть)
rsli-header-tail = байты заголовка +24..+32 обычно нулевые (сохранены как есть)
rsli-size-sum = сумма распакованных размеров в заголовке — { $stored }, а по строкам выходит { $sum } (сохранение исправит)
rsli-not-presorted = таблица не помечена как отсортированная ({ $flag }): загрузчик сортирует имена сам
rsli-lookup-bad-value = таблица помечена как отсортированная, но неверна в строке { $k } (значение { $value } вне диапазона или повторяется): двоичный поиск движка не найдёт часть записей; перестройка таблицы это исправит
rsli-lookup-unsorted = таблица помечена как отсортированная, но неверна в строке { $k } (имена здесь не в порядке strcmp): двоичный поиск движка не найдёт часть записей; перестройка таблицы это исправит
rsli-name-empty = запись №{ $i } «{ $who }»: пустое имя
rsli-name-twice = запись №{ $i } «{ $who }»: то же имя, что у записи №{ $first }; поиск найдёт только одну из них
rsli-name-unterminated = запись №{ $i } «{ $who }»: имя занимает все 12 байт, а следующий байт — не NUL: сравнение строк заходит в служебные байты
rsli-name-lower-case = запись №{ $i } «{ $who }»: имя в нижнем регистре; движок переводит искомые имена в верхний регистр и эту запись никогда не найдёт
rsli-method-unknown-kept = запись №{ $i } «{ $who }»: способ хранения { $method } неизвестен; запись сохранена как есть
rsli-stored-size-differs = запись №{ $i } «{ $who }»: запись { $method } хранит { $packed } { $packed ->
    [one] байт
    [few] байта
   *[many] байт
    }, а распакованный размер — { $unpacked }
rsli-packed-short = запись №{ $i } «{ $who }»: заявлено упакованных байт — { $packed }, а в файле есть только { $present } (диапазон выходит за конец данных); уплотнение исправит размер
rsli-ranges-shared = записи №{ $j } «{ $a }» и №{ $i } «{ $b }» занимают одни и те же байты ({ $from }..{ $to })
rsli-ranges-overlap = записи №{ $j } «{ $a }» и №{ $i } «{ $b }» перекрываются ({ $from }..{ $to })

## Описания чтений (окно «Чтения» и подсказки)
reading-about-texm-8888 = порядок байтов Texm 8888
reading-about-texm-888 = порядок байтов Texm 888
reading-about-texm-88 = Texm 88: в младшем байте яркость (A8L8) или наоборот
reading-about-palette = порядок байтов в элементе палитры
reading-about-quat = порядок компонент кватерниона в MSH типа 8
reading-about-slot-grid = сетка слотов Node38: slot[variant*5+lod] или slot[lod*5+group]
reading-about-batch-material = поле материала в Batch20
reading-about-uv = UV0 и компонент 18: u16/1024 или i16/1024
reading-about-interp-mask = чтение битов interp_mask в MAT0
reading-about-land-flag-20000 = флаг треугольника ландшафта 0x20000
reading-about-land-11 = компонент 11 ландшафта
reading-about-land-wear = использование Land1.wea / Land2.wea
reading-about-wear-lookup = поиск строки WEAR
reading-about-nres-name = ширина поля имени NRes
reading-about-face-normal = масштаб нормалей компонентов 7 / 21 MSH
reading-about-geom-normal = оси упакованных нормалей level.geom
reading-about-vegetation-texcoord = масштаб текстурных координат SHORT4 растительности в level.geom
reading-about-tfnt-advance = шаг пера Tfnt: поле advance глифа или width + spacing
reading-about-unit-dat = unit .dat: сигнатура целиком и одно дерево или только младшие 16 бит без хвостовых компонентов
reading-about-clan-body = тело клана в data.tma: одна раскладка зон для всех типов или ветвление по типу
reading-about-land-map-sub-block = площадной подблок Land.map: n записей по 12 байт или 3n+1 слов
reading-spec-syntax = ожидалось ИМЯ=ЗНАЧЕНИЕ, получено «{ $spec }»
reading-unknown = неизвестное чтение «{ $name }»; известны: { $known }
reading-values = чтение { $name } принимает одно из значений: { $values }

## Палитры (.pal)
pal-data-ipol-short = таблица Ipol слишком коротка: ожидалось { $expected } { $expected ->
    [one] байт
    [few] байта
   *[many] байт
    } индексов, есть { $have }; сохранена как есть
pal-data-tail-after-ipol = { $n } { $n ->
    [one] байт
    [few] байта
   *[many] байт
    } после таблицы Ipol { $n ->
    [one] сохранён
   *[other] сохранены
    } как есть
pal-data-tail-after-palette = { $n } { $n ->
    [one] байт
    [few] байта
   *[many] байт
    } после палитры { $n ->
    [one] сохранён
   *[other] сохранены
    } как есть

## Шрифты (Tfnt)
tfnt-magic = ожидалась сигнатура Tfnt, найдено { $magic }
tfnt-no-texm = после записей глифов нет встроенной текстуры Texm
tfnt-texm-bad = встроенная текстура Texm не читается ({ $reason }); её байты сохранены как есть
tfnt-glyph-off-sheet = прямоугольник глифа { $i } размером { $gw }x{ $gh } в точке ({ $x }, { $y }) выходит за лист { $w }x{ $h }
nres-cluster-size = запись { $i }: дано { $given } байт на блок данных длиной { $size }
rsli-stored-size = запись { $i }: дано { $given } байт вместо { $stored } хранимых
