# Сообщения кодеков и модели документа (mesh) по-русски: id из msg! в коде,
# английский текст — в самом коде (его печатает командная строка).

## MSH: разбор компонентов
msh-not-msh = это не MSH: нужны компоненты 1, 2 и 3 и типы меньше 32, а есть [{ $types }]
msh-entry-past-archive = { $label } ссылается на запись { $i }, а в архиве { $n ->
        [one] { $n } запись
        [few] { $n } записи
       *[many] { $n } записей
    }
msh-second-entry = вторая запись этого типа; используется запись по адресу { $at }, эта сохраняется как байты
msh-attr-disagrees = компонент { $t } ({ $label }): attr{ $attr } = { $stored }, а по данным выходит { $want }
msh-records-not-whole = { $len } { $len ->
        [one] байт
        [few] байта
       *[many] байт
    } — не целое число записей по { $size } байт (остаток: { $rem } { $rem ->
        [one] байт
        [few] байта
       *[many] байт
    })
msh-cell-outside-grid = ячейка сетки слотов ({ $row }, { $col }) вне сетки 3 × 5
msh-lod-variant-outside = LOD { $lod } / вариант { $variant } вне диапазона: LOD 0..3, вариант 0..2
msh-node-table-stride = таблица узлов: { $len } { $len ->
        [one] байт
        [few] байта
       *[many] байт
    } — не целое число ни 38-байтовых узлов (остаток: { $rem38 }), ни 24-байтовых (остаток: { $rem24 })
msh-bounds-header-short = заголовок габаритов выходит за конец данных (нужно { $need } байт, осталось { $left } { $left ->
        [one] байт
        [few] байта
       *[many] байт
    })
msh-string-declares = строка { $k } объявляет длину { $len } { $len ->
        [one] байт
        [few] байта
       *[many] байт
    }: { $why }

## MSH: геометрия модели
msh-no-positions = в сетке нет позиций вершин (компонент 3)
msh-no-node-table = в сетке нет таблицы узлов (компонент 1)
msh-node24-drawn-once = 24-байтовая таблица узлов: её устройство неизвестно, поэтому каждый слот рисуется один раз, без преобразований
msh-draw-slot-past = узел { $node }: слот { $s } за пределами таблицы (всего слотов: { $n }); не рисуется
msh-draw-batch-past = слот { $s }: батч { $b } за пределами таблицы (всего батчей: { $n }); не рисуется
msh-draw-too-many-indices = больше { $max } индексов для отрисовки (слоты или батчи используются повторно слишком много раз): остальное не рисуется
msh-draw-dropped-triangles = { $dropped ->
        [one] { $dropped } треугольник ссылается
        [few] { $dropped } треугольника ссылаются
       *[many] { $dropped } треугольников ссылаются
    } на несуществующие индексы или вершины; не рисуются

## MSH: ландшафт
msh-land-lod = у ландшафта есть LOD 0 и 1, а не { $lod }
msh-land-no-positions = в ландшафте нет позиций вершин (компонент 3)
msh-land-node24 = 24-байтовая таблица узлов: слоты тайлов прочитать нельзя
msh-land-no-tiles = в ландшафте нет тайлов (компонент 1)
msh-land-no-slots = в ландшафте нет слотов (компонент 2)
msh-land-no-triangles = в ландшафте нет треугольников (компонент 21)
msh-tile-slot-past = тайл { $i }: слот { $s } за пределами таблицы (всего слотов: { $n })
msh-tile-ranges-overlap = тайл { $i }: диапазоны треугольников тайлов перекрываются (названо больше, чем { $budget } треугольников ландшафта); остальное не рисуется
msh-land-dropped-triangles = { $dropped ->
        [one] { $dropped } треугольник ландшафта отсутствует или использует
        [few] { $dropped } треугольника ландшафта отсутствуют или используют
       *[many] { $dropped } треугольников ландшафта отсутствуют или используют
    } вершины за пределами массива (всего вершин: { $vcount }); не рисуются

## MSH: проверка ссылок между компонентами
msh-variant-unknown = ни модель (компоненты 6 и 13), ни ландшафт (11 без 6): геометрия не извлекается
msh-path-graph-size = компонент 17 (граф путей): { $len } { $len ->
        [one] байт
        [few] байта
       *[many] байт
    }, а attr1 = { $nodes } (узлы по 20 байт) и attr2 = { $links } (связи по 40 байт) дают { $want }
msh-path-graph-too-big = компонент 17 (граф путей): { $len } { $len ->
        [one] байт
        [few] байта
       *[many] байт
    }, а attr1 = { $nodes } (узлы по 20 байт) и attr2 = { $links } (связи по 40 байт) дают больше, чем помещается
msh-node-stride-24 = компонент 1 — вариант с 24-байтовыми узлами: хранится как есть, его слоты не прослеживаются
msh-parent-after-child = узел { $i }: родитель { $parent } стоит не перед ним (родители идут раньше потомков)
msh-node-slot-past = узел { $i }, ячейка слота { $index } ({ $name }): слот { $s } за пределами таблицы (всего слотов: { $slots })
msh-cell-first-person = вариант { $row }, вид от первого лица
msh-cell-variant = вариант { $row }, LOD { $col }
msh-cell-group = LOD { $row }, группа { $col }
msh-fallback-key-past = узел { $i }: запасной ключ { $key } за пределами ключей анимации (всего ключей: { $k })
msh-frame-map-no-keys = у узла { $i } задано начало в карте кадров, но в сетке нет ключей (компонент 8)
msh-frame-map-missing = у узла { $i } задано начало в карте кадров, но в сетке нет карты кадров (компонент 19)
msh-frame-map-run-past = узел { $i }: кадры { $start }..{ $end } выходят за пределы карты кадров (всего записей: { $len })
msh-name-count = в компоненте 9 имён: { $names }, а узлов: { $n }
msh-string-count = в компоненте 10 строк: { $strings }, а узлов: { $n }
msh-landscape-grid = компонент 1: по attr2 клеток в ширину { $across }, а тайлов { $n }
msh-slot-land-triangles-past = слот { $i }: треугольники { $range } выходят за пределы треугольников ландшафта (компонент 21, всего: { $n })
msh-slot-triangles-past = слот { $i }: треугольники { $range } выходят за пределы описателей треугольников (компонент 7, всего: { $n })
msh-slot-batches-past = слот { $i }: батчи { $range } выходят за пределы таблицы батчей (всего: { $nb })
msh-batch-indices-past = батч { $i }: индексы { $range } выходят за пределы массива индексов (всего: { $n })
msh-batch-not-triangles = батч { $i }: { $n ->
        [one] { $n } индекс
        [few] { $n } индекса
       *[many] { $n } индексов
    } — не целое число треугольников
msh-batch-vertex-past = батч { $i }: base_vertex { $base } + индекс { $v } = { $sum } не меньше числа вершин { $vertices } (наибольший индекс батча — { $max })
msh-vertex-array-length = компонент { $t } ({ $label }): записей { $n }, а вершин { $v }
msh-triangle-neighbour-past = треугольник { $i }: сосед { $nb } за пределами описателей (всего: { $n })
msh-land-vertex-past = треугольник ландшафта { $i }: вершина { $x } за пределами массива вершин (всего: { $v })
msh-land-neighbour-past = треугольник ландшафта { $i }: сосед { $x } за пределами треугольников (всего: { $n })
msh-face-order-length = в компоненте 11 записей: { $records }, а треугольников ландшафта: { $n }

## MSH: сводка повторяющихся находок
msh-more-variant = ещё { $n }: тип сетки
msh-more-path-graph-size = ещё { $n }: размер графа путей
msh-more-node-stride = ещё { $n }: размер записи узла
msh-more-parent-after-child = ещё { $n }: родитель после потомка
msh-more-slot-out-of-range = ещё { $n }: слот вне таблицы
msh-more-fallback-key = ещё { $n }: запасной ключ
msh-more-animation-missing = ещё { $n }: нет анимации
msh-more-frame-map-run = ещё { $n }: кадры вне карты кадров
msh-more-name-count = ещё { $n }: число имён
msh-more-landscape-grid = ещё { $n }: сетка ландшафта
msh-more-slot-triangle-range = ещё { $n }: диапазон треугольников слота
msh-more-slot-batch-range = ещё { $n }: диапазон батчей слота
msh-more-batch-index-range = ещё { $n }: диапазон индексов батча
msh-more-batch-index-count = ещё { $n }: число индексов батча
msh-more-vertex-out-of-range = ещё { $n }: вершина вне массива
msh-more-vertex-array-length = ещё { $n }: длина массива вершин
msh-more-triangle-neighbour = ещё { $n }: сосед треугольника
msh-more-landscape-vertex = ещё { $n }: вершина ландшафта
msh-more-landscape-neighbour = ещё { $n }: сосед треугольника ландшафта
msh-more-face-order-length = ещё { $n }: длина порядка граней

## MSH: проверка, ссылки
msh-reencode-differs = { $label } не перекодируется в свои исходные байты
msh-refs-no-parse = сетка не читается: { $why }
msh-refs-batches = батчи не читаются: { $why }

## Сцена: что построено (заметки 3D-вида и экспорта)
scene-through-level = показано через файл уровня, лежащий рядом ({ $origin })
scene-cell = ячейка slot_index[{ $index }] ({ $name }): { $batches } { $batches ->
        [one] батч
        [few] батча
       *[many] батчей
    }, { $triangles } { $triangles ->
        [one] треугольник
        [few] треугольника
       *[many] треугольников
    }
scene-posed-at-frame = поза на кадре { $f }
scene-animation = анимация: { $frames } { $frames ->
        [one] кадр
        [few] кадра
       *[many] кадров
    } при { $fps } кадр/с, { $nodes } { $nodes ->
        [one] анимированный узел
        [few] анимированных узла
       *[many] анимированных узлов
    }
scene-landscape-summary = ландшафт, LOD { $lod }: { $tiles } { $tiles ->
        [one] тайл
        [few] тайла
       *[many] тайлов
    }, { $triangles } { $triangles ->
        [one] треугольник
        [few] треугольника
       *[many] треугольников
    } в { $groups } { $groups ->
        [one] группе
        [few] группах
       *[many] группах
    } материалов, материалы из { $wear }
scene-level-summary = уровень версии { $version }: визуалов { $visuals }, нарисовано { $drawn } ({ $triangles } { $triangles ->
        [one] треугольник
        [few] треугольника
       *[many] треугольников
    }), пропущено { $skipped }; секторов { $sectors }, порталов { $portals }, источников света { $lights }, свечений { $glows }
scene-mission-summary = миссия: объектов { $count } (пустыми коробками нарисовано { $missing }), кланов { $clans }, залежей { $lodes }, маршрутов { $routes }; собрано разных юнитов и записей: { $built }
scene-assembled = собрано { $drawn } из { $total } { $total ->
        [one] компонента
        [few] компонентов
       *[many] компонентов
    } ({ $triangles } { $triangles ->
        [one] треугольник
        [few] треугольника
       *[many] треугольников
    })
scene-internal-left-out = внутренние части и клипы не показаны
scene-frame-at-rest = --frame не относится к собранному объекту: нарисован в покое
scene-vertex-buffer-line = вершинный буфер { $i }: { $n } { $n ->
        [one] вершина
        [few] вершины
       *[many] вершин
    } по { $stride } байт: { $elements }
scene-index-buffer-line = индексный буфер { $i }: { $n } { $n ->
        [one] индекс
        [few] индекса
       *[many] индексов
    }

## Сцена: подсказка при наведении на визуал уровня
scene-hover-visual = визуал { $visual }
scene-hover-shader =
    визуал { $visual } · { $kind }
    шейдер { $shader }: { $engine }
scene-hover-shader-textures =
    визуал { $visual } · { $kind }
    шейдер { $shader }: { $engine }
    текстуры: { $textures }
scene-hover-shader-past =
    визуал { $visual } · { $kind }
    шейдер { $shader } (за пределами таблицы)

## Сцена: находки при построении
scene-not-a-mesh = это не сетка (ни модель или ландшафт MSH, ни level.geom)
scene-msh-variant-unknown = MSH, который ни модель (компоненты 6 и 13), ни ландшафт (11 без 6): рисовать нечего
scene-options-ignored = { $options } не относятся к { $name } и пропущены
scene-not-model-mesh = это не сетка модели (нужны компоненты 6 и 13)
scene-no-game = { $what } рисуется по всей папке игры, но ни в одной папке выше нет objects.rlb
scene-animation-cut = в анимации объявлено { $stored } { $stored ->
        [one] кадр
        [few] кадра
       *[many] кадров
    }; экспортируются только первые { $frames }
scene-non-finite = { $n } { $n ->
        [one] нечисловая координата (NaN или бесконечность) записана
        [few] нечисловые координаты (NaN или бесконечность) записаны
       *[many] нечисловых координат (NaN или бесконечность) записаны
    } как 0
scene-landscape-blended = { $blended } { $blended ->
        [one] треугольник смешивает
        [few] треугольника смешивают
       *[many] треугольников смешивают
    } второй материал по альфе вершин; экспортируется только их основной материал
scene-visual-no-positions = визуал { $v }: в вершинном буфере { $vb } нет позиций; не рисуется
scene-landscape-failed = ландшафт { $origin }: { $why }; нарисовано без него
scene-component-not-drawn = компонент { $i } ({ $key }): { $why }; не рисуется
scene-component-attachment = компонент { $i } ({ $key }): точка крепления { $attach } не указывает ни на один узел сетки родителя (узлов: { $pcount }); размещён в начале координат родителя

## Экспорт
scene-export-gltf-document = документ glTF: { $why }
scene-export-glb-too-big = сцена не помещается в .glb (не больше 4 ГиБ)
scene-export-output-type = выходной файл должен оканчиваться на .obj, .gltf или .glb

## Отрисовка
render-no-adapter = графический адаптер не найден ({ $why }); установите драйвер Vulkan или OpenGL (программный даёт пакет Mesa mesa-vulkan-drivers)
render-no-device = графический адаптер отказал в создании устройства: { $why }
render-too-large = { $width }x{ $height } больше предела этого адаптера { $max }x{ $max }
render-scene-too-large = сцене нужен буфер в { $bytes } { $bytes ->
        [one] байт
        [few] байта
       *[many] байт
    }; этот адаптер допускает { $max }
render-readback = не удалось прочитать отрисованное изображение: { $why }
