# Сообщения кодеков и модели документа (import) по-русски: id из msg! в коде,
# английский текст — в самом коде (его печатает командная строка).

## glTF: контейнер GLB, JSON, буферы, bufferView и accessor (src/import/gltf_read.rs)
gltf-glb-header-short = заголовок GLB обрезан (ожидалось 12 байт)
gltf-glb-version = версия GLB { $version }; читается только glTF 2.0
gltf-glb-length = заголовок GLB объявляет { $declared } байт, а в файле { $length }
gltf-glb-chunk-short = заголовок блока GLB обрезан (ожидалось 8 байт)
gltf-glb-chunk-length = блок GLB объявляет { $len } байт, а осталось { $left }
gltf-glb-no-json = в GLB нет блока JSON (он должен идти первым)
gltf-json-bad = JSON файла glTF не читается в строке { $line }, столбце { $column }: { $error }
gltf-requires-extension = файл требует расширение { $ext }, которое импорт не читает
gltf-requires-compression = файл требует расширение { $ext }, которое импорт не читает; экспортируйте модель заново без сжатия сеток (Blender: снимите флажок Compression при экспорте в glTF)
gltf-uses-compression = файл использует { $ext }, которое импорт не читает; экспортируйте модель заново без сжатия сеток (Blender: снимите флажок Compression при экспорте в glTF)
gltf-extension-ignored = расширение { $ext } пропущено
gltf-buffer-no-uri = у буфера { $i } нет uri, и это не блок BIN файла GLB
gltf-buffer-short = буфер { $i } объявляет { $declared } байт, а данных в нём { $length }
gltf-uri-not-base64 = URI data: не в кодировке base64
gltf-uri-outside = URI { $uri } не указывает на файл рядом с документом (читаются только относительные пути внутри его папки)
gltf-uri-no-folder = { $uri } — отдельный файл, а этот glTF открыт без своей папки
gltf-uri-read-failed = { $path }: { $error }
gltf-view-missing = bufferView { $index } не существует
gltf-view-buffer-missing = bufferView { $index } ссылается на буфер { $buffer }, которого нет
gltf-view-outside = bufferView { $index } занимает { $offset }+{ $length } байт буфера { $buffer }, а в нём { $size }
gltf-accessor-missing = accessor { $index } не существует
gltf-accessor-not-floats = accessor { $index }: тип компонентов { $t } там, где нужны числа с плавающей точкой (или нормализованные целые)
gltf-accessor-index-type = accessor { $index }: тип компонентов { $t } у индексов (ожидался 5121, 5123 или 5125)
gltf-accessor-sparse = accessor { $index }: разреженное хранение (sparse), которое импорт не читает; экспортируйте без разреженных accessor (Blender: снимите флажок Use Sparse Accessors)
gltf-accessor-type = accessor { $index }: тип { $found } там, где ожидался { $want }
gltf-accessor-component-unknown = accessor { $index }: неизвестный тип компонентов { $t }
gltf-accessor-no-view = accessor { $index }: нет bufferView (accessor из одних нулей), такой импорт не читает
gltf-accessor-stride = accessor { $index }: byteStride { $stride } при элементах по { $elem } байт (glTF допускает { $elem }..252)
gltf-accessor-outside = accessor { $index }: { $count ->
        [one] { $count } элемент
        [few] { $count } элемента
       *[many] { $count } элементов
    } по { $elem } байт с шагом { $stride } от смещения { $offset } требуют { $need } байт, а в bufferView { $view } их { $size }
gltf-base64-byte = байт { $c } не относится к base64
gltf-base64-length = текст base64 такой длины, что один символ остаётся лишним

## glTF: узлы и сцена (src/import/hierarchy.rs, src/import/mod.rs)
gltf-transform-not-finite = узел { $index } ({ $name }): значение трансформации не является конечным числом
gltf-transform-not-finite-unnamed = узел { $index } (без имени): значение трансформации не является конечным числом
gltf-child-missing = узел { $i } называет дочерним узел { $c }, а в файле { $count ->
        [one] { $count } узел
        [few] { $count } узла
       *[many] { $count } узлов
    }
gltf-two-parents = узел { $c } — дочерний сразу у узла { $p } и у узла { $i } (в glTF у узла один родитель)
gltf-scene-missing = сцены { $s } не существует
gltf-scene-node-missing = сцена называет узел { $i }, а в файле { $count ->
        [one] { $count } узел
        [few] { $count } узла
       *[many] { $count } узлов
    }
gltf-node-reached-twice = узел { $i } достижим из сцены дважды (цикл или корень, который одновременно чей-то дочерний узел)
gltf-node-mesh-missing = узел { $i } ссылается на сетку { $mesh }, которой нет
gltf-primitive-material-missing = сетка { $mesh }, примитив { $k }: ссылается на материал { $material }, которого нет
gltf-primitive-extension = сетка { $mesh }, примитив { $k }: использует расширение { $ext }, которое импорт не читает
gltf-image-missing = изображения { $image } не существует
gltf-image-no-data = у изображения { $image } нет ни uri, ни bufferView

## glTF: анимация (src/import/animation.rs)
gltf-channel-no-node = канал анимации { $ci }: его цель не указывает ни на один узел файла
gltf-channel-sampler-missing = канал анимации { $ci }: сэмплера { $sampler } не существует
gltf-channel-interpolation = канал анимации { $ci }: интерполяция { $other } (ожидалась LINEAR, STEP или CUBICSPLINE)
gltf-channel-key-time = канал анимации { $ci }: время ключа { $bad } не конечное, отрицательное или не больше предыдущего
gltf-channel-output-count = канал анимации { $ci }: { $count ->
        [one] { $count } выходное значение
        [few] { $count } выходных значения
       *[many] { $count } выходных значений
    } на { $keys ->
        [one] { $keys } момент ключа
        [few] { $keys } момента ключей
       *[many] { $keys } моментов ключей
    }
gltf-channel-output-not-finite = канал анимации { $ci }: выходное значение не является конечным числом

## Импорт модели: параметры, узлы, ограничения движка (src/import/mod.rs, hierarchy.rs)
import-scale-not-positive = масштаб { $scale } должен быть положительным числом
import-fps-out-of-range = частота { $fps } кадров в секунду должна быть в пределах 0..1000
import-node-name-cut = узел { $name }: имя длиной { $count ->
        [one] { $count } байт
        [few] { $count } байта
       *[many] { $count } байт
    } обрезано до { $max } — предела движка
import-skin-left-out = узел { $i }: скиннинг пропущен (движок двигает каждый пакет жёстко вместе с одним узлом)
import-node-split = узел { $node }: больше { $max } треугольников в одной ячейке; разделён ещё на { $count ->
        [one] { $count } узел
        [few] { $count } узла
       *[many] { $count } узлов
    }
import-too-many-nodes = в модели { $count ->
        [one] { $count } узел
        [few] { $count } узла
       *[many] { $count } узлов
    }, больше предела движка в { $max }
import-no-nodes = в сцене glTF нет ни одного узла для импорта
import-nodes-outside-scene = { $count ->
        [one] { $count } узел не входит в сцену и пропущен
        [few] { $count } узла не входят в сцену и пропущены
       *[many] { $count } узлов не входят в сцену и пропущены
    }
import-lod-without-base = узел { $name } похож на LOD или вариант узла { $base }, но узла { $base } перед ним нет; импортирован как отдельный узел
import-slot-first-triangle = узел { $node }: первый треугольник его слота — { $count }, больше предела движка { $max } (16-битное поле); уменьшите модель или разделите её на несколько
import-slot-count = узел { $node }: число слотов — { $count }, больше предела движка { $max } (16-битное поле); уменьшите модель или разделите её на несколько
import-slot-first-batch = узел { $node }: первый пакет его слота — { $count }, больше предела движка { $max } (16-битное поле); уменьшите модель или разделите её на несколько

## Импорт модели: геометрия примитивов (src/import/geometry.rs)
import-primitive-no-triangles = сетка { $mesh }, примитив { $k }: режим { $mode } (точки или линии) не содержит треугольников; пропущен
import-primitive-no-position = сетка { $mesh }, примитив { $k }: нет атрибута POSITION
import-position-not-finite = сетка { $mesh }, примитив { $k }: позиция { $bad } не является конечным числом ({ $value })
import-index-past-vertices = сетка { $mesh }, примитив { $k }: индекс { $bad } выходит за { $n ->
        [one] { $n } вершину
        [few] { $n } вершины
       *[many] { $n } вершин
    }
import-indices-not-triangles = сетка { $mesh }, примитив { $k }: { $count ->
        [one] { $count } индекс
        [few] { $count } индекса
       *[many] { $count } индексов
    } — не целое число треугольников; { $left ->
        [one] последний пропущен
       *[other] последние { $left } пропущены
    }
import-normal-count = сетка { $mesh }, примитив { $k }: { $count ->
        [one] { $count } нормаль
        [few] { $count } нормали
       *[many] { $count } нормалей
    } на { $n ->
        [one] { $n } позицию
        [few] { $n } позиции
       *[many] { $n } позиций
    }
import-normals-missing = сетка { $mesh }, примитив { $k }: нормалей нет; нормали вычислены по треугольникам (с весом по площади)
import-normals-bad = сетка { $mesh }, примитив { $k }: { $count ->
        [one] { $count } нулевая или не конечная нормаль
        [few] { $count } нулевые или не конечные нормали
       *[many] { $count } нулевых или не конечных нормалей
    }; нормали вычислены по треугольникам (с весом по площади)
import-no-uvs = сетка { $mesh }, примитив { $k }: нет UV-координат (TEXCOORD_0); все вершины получают (0, 0), и текстура покажет один тексель
import-colours-left-out = сетка { $mesh }, примитив { $k }: { $key } пропущен — в формате MSH нет цветов вершин (цвет берётся из материала)
import-skinning-left-out = сетка { $mesh }, примитив { $k }: { $key } пропущен — движок двигает каждый пакет жёстко вместе с его узлом; скиннинг не читается
import-tangents-left-out = сетка { $mesh }, примитив { $k }: { $key } пропущен — движок не читает касательные
import-attribute-left-out = сетка { $mesh }, примитив { $k }: { $key } пропущен — в формате MSH для него нет места
import-morph-left-out = сетка { $mesh }, примитив { $k }: морф-цели пропущены (в движке их нет)
import-zero-area-kept = сетка { $mesh }, примитив { $k }: { $count ->
        [one] { $count } треугольник нулевой площади оставлен
        [few] { $count } треугольника нулевой площади оставлены
       *[many] { $count } треугольников нулевой площади оставлены
    } (их нормаль грани нулевая)
import-uv-count = сетка { $mesh }, примитив { $k }: { $count ->
        [one] { $count } значение
        [few] { $count } значения
       *[many] { $count } значений
    } { $what } на { $n ->
        [one] { $n } позицию
        [few] { $n } позиции
       *[many] { $n } позиций
    }
import-uv-non-finite = сетка { $mesh }, примитив { $k }: { $count ->
        [one] { $count } значение { $what } — не конечное число, заменено на 0
        [few] { $count } значения { $what } — не конечные числа, заменены на 0
       *[many] { $count } значений { $what } — не конечные числа, заменены на 0
    }
import-uv-shifted = сетка { $mesh }, примитив { $k }: координата { $axis } в { $what } сдвинута на { $shift } целых повторов (движок не хранит отрицательных координат)
import-uv-clamped = сетка { $mesh }, примитив { $k }: координата { $axis } в { $what } охватывает { $span } повторов; движок хранит 0..64, остальное обрезается

## Импорт модели: анимация (src/import/animation.rs)
import-channel-path-left-out = канал анимации { $ci }: анимация { $path } пропущена (движок анимирует только узлы)
import-one-animation = модель принимает одну анимацию: { $first } импортирована, { $others } пропущены
import-channel-node-left-out = канал анимации ведёт к узлу { $node }, а это LOD, вариант или узел вне сцены; пропущен
import-scale-animation-left-out = узел { $node }: анимация масштаба пропущена (ключи движка несут поворот и перенос)
import-animation-too-long = анимация длится { $duration } с: { $frames } кадров при { $fps } в секунду, больше { $max }, которые импорт сэмплирует
import-too-many-keys = анимации нужно { $total ->
        [one] { $total } ключ
        [few] { $total } ключа
       *[many] { $total } ключей
    } ({ $animated } анимированных узлов × { $frames } кадров и по одному на каждый статичный узел), больше предела движка { $max } (16-битные индексы ключей); уменьшите --fps или укоротите анимацию
import-too-many-samples = сэмплирование { $frames } кадров для { $nodes } узлов — это { $samples } расстановок узлов, больше предела импорта { $max }; уменьшите --fps
import-frame-map-full = участок карты кадров для узла { $m } начинается с { $start }, больше предела движка 65534

## Импорт модели: материалы и текстуры (src/import/materials.rs, plan.rs)
import-material-renamed = материал «{ $name }» назван в таблице WEAR как { $out } (без пробелов, не длиннее 31 байта)
import-too-many-materials = в модели { $count ->
        [one] { $count } материал
        [few] { $count } материала
       *[many] { $count } материалов
    }, больше предела движка { $max } (номер материала пакета — один байт)
import-image-not-converted = материал { $name }: его изображение базового цвета не преобразовано (не задан --textures Textures.lib)
import-image-not-power-of-two = материал { $material }: изображение { $w }x{ $h }, а текстуры игры имеют размеры — степени двойки
import-no-texture-name = в Textures.lib нет свободного имени текстуры для { $stem }
import-new-material-no-library = материал { $name }: новому материалу нужен Material.lib, куда его добавить
import-mapped-material-missing = материал { $row }: в Material.lib нет материала { $name }, чтобы использовать его вместо этого

## Импорт модели: запись архива модели (src/import/write.rs)
import-payload-misplaced = { $name }: архив размещает эти данные по смещению { $at }, а не { $expected }
import-total-size-mismatch = общий размер архива не совпадает с записанными данными

## Распаковка папки игры и упаковка обратно (src/unpack)
unpack-no-threads = не удалось запустить { $jobs ->
        [one] { $jobs } рабочий поток
        [few] { $jobs } рабочих потока
       *[many] { $jobs } рабочих потоков
    }: { $error }
unpack-not-a-tree = { $dir }: это не распакованное дерево ({ $manifest }: { $error })
unpack-output-inside-tree = { $out }: результат должен лежать вне распакованного дерева
unpack-not-a-file-name = { $path }: это не имя файла
unpack-kept-whole = { $rel }: оставлен целым, не распакован: { $why }
unpack-kept-whole-overlap = { $rel }: оставлен целым, не распакован: запись { $entry } делит байты с другой записью или выходит за пределы файла
unpack-no-form = у вида { $kind } нет редактируемой формы
unpack-replaced = { $archive }: { $entry } заменена из { $from } ({ $old } -> { $new } байт)
unpack-replaced-with-attributes = { $archive }: { $entry } заменена из { $from } ({ $old } -> { $new } байт) вместе с атрибутами
unpack-removed = { $archive }: { $entry } удалена ({ $file } больше нет)
unpack-added = { $archive }: { $entry } добавлена из { $from } ({ $size } байт)
unpack-no-storage-method = в манифесте нет способа хранения записи
unpack-offsets-overlap = смещения записей в манифесте перекрываются
unpack-skeleton-short = скелет архива короче, чем указано в манифесте
unpack-untouched-size = { $file }: даёт { $size } байт, а в записи было { $held }
unpack-name-not-cp1251 = { $file }: в имени есть символы вне CP1251
unpack-untouched-differs = файлы дают другие байты, чем были в архиве, хотя ничего не менялось (не правили ли манифест или .archive.bin?)
