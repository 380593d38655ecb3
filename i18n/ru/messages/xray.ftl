# Сообщения кодеков и модели документа (xray) по-русски: id из msg! в коде,
# английский текст — в самом коде (его печатает командная строка).

## X-Ray: чанки
xray-chunk-tail = { $n } { $n ->
        [one] байт
        [few] байта
       *[many] байт
    } после последнего чанка — слишком мало для заголовка чанка
xray-chunk-declares = чанк { $id } объявляет { $size } { $size ->
        [one] байт
        [few] байта
       *[many] байт
    }, а осталось { $left }

## X-Ray: файл level
xray-level-chunk-compressed = чанк { $kind } ({ $name }) сжат (бит 31): сохраняется как есть, не декодируется
xray-level-chunk-second = второй чанк { $kind } ({ $name }): используется первый, этот сохраняется как есть
xray-level-chunk-not-read = чанк { $kind } ({ $name }, { $len } { $len ->
        [one] байт
        [few] байта
       *[many] байт
    }) в файле уровня не читается: сохраняется как есть
xray-level-no-header = нет чанка HEADER (id 1): это не уровень X-Ray
xray-level-header-compressed = чанк HEADER сжат: версию прочитать нельзя
xray-level-header-short = чанк HEADER: { $len } { $len ->
        [one] байт
        [few] байта
       *[many] байт
    }, а нужно 4 (u16 version, u16 quality)
xray-level-version = версия уровня { $version } не поддерживается; поддерживаются версии xrLC 13 и 14
xray-level-header-extra = чанк HEADER: { $extra } { $extra ->
        [one] лишний байт
        [few] лишних байта
       *[many] лишних байт
    } после version и quality, сохранены
xray-level-shader0 = SHADERS: запись 0 — не пустая строка, которую пишет xrLC
xray-level-no-visuals = нет чанка VISUALS (id 3): рисовать нечего
xray-visual-shader-past = визуал { $v }: шейдер { $shader } за пределами таблицы шейдеров (всего записей: { $n })
xray-visual-child-past = визуал { $v }: потомок { $c } за пределами списка визуалов (всего: { $n })
xray-sector-root-past = сектор { $s }: корневой визуал { $r } за пределами списка визуалов (всего: { $n })
xray-visual-compressed = визуал { $v } сжат (бит 31): сохраняется как есть, не декодируется
xray-visuals-id-gap = VISUALS: { $subs } { $subs ->
        [one] подчанк
        [few] подчанка
       *[many] подчанков
    }, но номера идут только 0..{ $read }; остальные сохраняются как есть и не читаются (движок останавливается на первом пропущенном номере)
xray-shader-no-nul = шейдер { $k }: нет завершающего нуля до конца данных
xray-shaders-tail = { $n } { $n ->
        [one] байт
        [few] байта
       *[many] байт
    } после последнего имени шейдера
xray-records-not-whole = { $what } (чанк { $kind }): { $size } { $size ->
        [one] байт
        [few] байта
       *[many] байт
    } — не целое число записей по { $len } байт; остаток: { $rest }
xray-sector-portals = список порталов длиной { $len } { $len ->
        [one] байт
        [few] байта
       *[many] байт
    } — не целое число u16
xray-sector-root-size = корневой визуал занимает { $len } { $len ->
        [one] байт
        [few] байта
       *[many] байт
    } (нужно 4)
xray-swi-tail = { $n } { $n ->
        [one] байт
        [few] байта
       *[many] байт
    } после последнего окна

## X-Ray: чанки визуала (OGF)
xray-ogf-compressed = сжатый чанк (чанк { $kind }, { $len } { $len ->
        [one] байт
        [few] байта
       *[many] байт
    }): сохраняется как есть, не декодируется
xray-ogf-second = второй чанк { $id }: используется первый
xray-ogf-version = версия формата OGF { $version } (ожидалась 4)
xray-ogf-header-extra = { $n } { $n ->
        [one] байт
        [few] байта
       *[many] байт
    } после 44-байтового заголовка OGF, сохранены
xray-ogf-header-size = OGF_HEADER (чанк { $kind }, { $len } { $len ->
        [one] байт
        [few] байта
       *[many] байт
    }): нужно { $need } { $need ->
        [one] байт
        [few] байта
       *[many] байт
    }
xray-ogf-gcontainer-size = OGF_GCONTAINER (чанк { $kind }, { $len } { $len ->
        [one] байт
        [few] байта
       *[many] байт
    }): нужно { $need } { $need ->
        [one] байт
        [few] байта
       *[many] байт
    }
xray-ogf-swidata = OGF_SWIDATA (чанк { $kind }, { $len } { $len ->
        [one] байт
        [few] байта
       *[many] байт
    }): по смещению +{ $at }: { $why }
xray-ogf-swicontainer-size = OGF_SWICONTAINER (чанк { $kind }, { $len } { $len ->
        [one] байт
        [few] байта
       *[many] байт
    }): нужно 4 байта
xray-ogf-children-size = OGF_CHILDREN_L (чанк { $kind }, { $len } { $len ->
        [one] байт
        [few] байта
       *[many] байт
    }): размер не подходит ни для списка потомков u32, ни для u16
xray-ogf-treedef-size = OGF_TREEDEF2 (чанк { $kind }, { $len } { $len ->
        [one] байт
        [few] байта
       *[many] байт
    }): нужно { $need } (или { $old }) байт
xray-ogf-loddef-size = OGF_LODDEF2 (чанк { $kind }, { $len } { $len ->
        [one] байт
        [few] байта
       *[many] байт
    }): нужно { $need } (или { $old }) байт
xray-ogf-fastpath-empty = OGF_FASTPATH (чанк { $kind }, { $len } { $len ->
        [one] байт
        [few] байта
       *[many] байт
    }): внутри нет читаемого GCONTAINER
xray-ogf-no-header = нет OGF_HEADER (чанк 1): тип визуала неизвестен

## X-Ray: треугольники визуалов из level.geom
xray-draw-no-vb = вершинного буфера { $vb } нет (в { $file } их { $n }); не рисуется
xray-draw-vbase-overflow = vbase { $vbase } + vcount { $vcount } переполняет u32; не рисуется
xray-draw-vertices-past = вершины { $vbase }..{ $vend } выходят за пределы вершинного буфера { $buffer } (в нём { $n }) в { $file }; не рисуется
xray-draw-no-ib = индексного буфера { $ib } нет (в { $file } их { $n }); не рисуется
xray-draw-ibase-overflow = ibase { $ibase } + icount { $icount } переполняет u32; не рисуется
xray-draw-indices-past = индексы { $ibase }..{ $iend } выходят за пределы индексного буфера { $buffer } (в нём { $n }) в { $file }; не рисуется
xray-draw-icount-not-triangles = icount { $icount } — не целое число треугольников; не рисуется
xray-draw-window-overflow = ibase { $ibase } + смещение окна { $offset } переполняет u32; не рисуется
xray-draw-window-past = окно 0 (смещение { $offset }, треугольников: { $tris }) выходит за пределы диапазона из { $icount } индексов; не рисуется
xray-draw-index-past = индекс { $i } в позиции { $at } индексного буфера { $ib } не меньше vcount { $vcount }; не рисуется
xray-draw-no-swidata = прогрессивный визуал без SWIDATA; не рисуется
xray-draw-swidata-empty = в SWIDATA нет окон; не рисуется
xray-draw-no-swicontainer = прогрессивное дерево без SWICONTAINER; не рисуется
xray-draw-swi-past = SWICONTAINER { $k } за пределами элементов скользящего окна в level.geom (всего: { $n }); не рисуется
xray-draw-swi-empty = в элементе скользящего окна { $k } нет окон; не рисуется
xray-draw-no-geom = рядом с уровнем нет level.geom: { $n ->
        [one] { $n } визуал с геометрией нельзя нарисовать
        [few] { $n } визуала с геометрией нельзя нарисовать
       *[many] { $n } визуалов с геометрией нельзя нарисовать
    }
xray-draw-vcontainer = нет читаемого GCONTAINER (старая пара VCONTAINER/ICONTAINER, которую xrLC 13/14 никогда не пишет, не рисуется); не рисуется
xray-draw-no-gcontainer = нет читаемого GCONTAINER; не рисуется
xray-draw-no-treedef = визуал { $visual } ({ $kind }): нет TREEDEF2; рисуется в начале координат

## X-Ray: level.geom
xray-geom-chunk-declares = чанк { $id } объявляет { $size } { $size ->
        [one] байт
        [few] байта
       *[many] байт
    }: { $why }
xray-geom-chunk-compressed = чанк { $kind } сжат (бит 31): сохраняется как есть, не декодируется
xray-geom-chunk-unknown = неизвестный чанк { $kind } ({ $size } { $size ->
        [one] байт
        [few] байта
       *[many] байт
    }): сохраняется как есть
xray-geom-chunk-second = второй чанк { $kind }: используется первый, этот сохраняется как есть
xray-geom-no-header = нет чанка заголовка (id 1): это не level.geom или его версия неизвестна
xray-geom-header-compressed = чанк заголовка сжат: версию прочитать нельзя
xray-geom-version-12 = версия level.geom { $version } не поддерживается; поддерживаются версии 13 и 14 (в версии 12 чанки вершин и индексов переставлены)
xray-geom-version = версия level.geom { $version } не поддерживается; поддерживаются версии 13 и 14
xray-geom-header-extra = чанк заголовка: { $extra } { $extra ->
        [one] лишний байт
        [few] лишних байта
       *[many] лишних байт
    } после version и quality, сохранены
xray-geom-trailing = { $n } { $n ->
        [one] байт
        [few] байта
       *[many] байт
    } после последней записи, сохранены как есть
xray-geom-vb-no-elements = вершинный буфер { $k }: { $vertex_count } { $vertex_count ->
        [one] вершина
        [few] вершины
       *[many] вершин
    }, но в объявлении нет элементов
xray-geom-vb-no-position = вершинный буфер { $k }: первый элемент — не позиция FLOAT3 по смещению 0
xray-geom-ib-not-triangles = индексный буфер { $k }: { $n } { $n ->
        [one] индекс
        [few] индекса
       *[many] индексов
    } — не целое число треугольников
xray-decl-no-end = в объявлении вершин нет маркера конца в пределах { $max } элементов
xray-decl-type = элемент вершины { $k }: тип { $ty } — не D3DDECLTYPE (0..16)
xray-decl-stream = элемент вершины { $k }: поток { $stream } (буферы level.geom используют только поток 0)
xray-geom-points-no-ib = вершинный буфер { $k }: { $n } { $n ->
        [one] вершина рисуется
        [few] вершины рисуются
       *[many] вершин рисуются
    } точками (нет индексного буфера { $k })
xray-geom-points-empty-ib = вершинный буфер { $k }: { $n } { $n ->
        [one] вершина рисуется
        [few] вершины рисуются
       *[many] вершин рисуются
    } точками (индексный буфер { $k } пуст)
xray-geom-base-vertex-0 = вершинный буфер { $k }: { $triangles } { $triangles ->
        [one] треугольник индексного буфера { $k } рисуется
        [few] треугольника индексного буфера { $k } рисуются
       *[many] треугольников индексного буфера { $k } рисуются
    } с базовой вершиной 0
xray-geom-points-index-too-big = вершинный буфер { $k }: { $n } { $n ->
        [one] вершина рисуется
        [few] вершины рисуются
       *[many] вершин рисуются
    } точками (наибольший индекс { $max } индексного буфера { $k } не помещается; базовые вершины хранятся в файле уровня)

## X-Ray: ссылки и сравнение
xray-refs-no-parse = уровень не читается: { $why }
xray-diff-vertices = различаются { $n } из { $total } { $total ->
        [one] вершины
        [few] вершин
       *[many] вершин
    }
xray-diff-indices = различаются { $n } из { $total } { $total ->
        [one] индекса
        [few] индексов
       *[many] индексов
    }
