# 3D-вид (src/app/editors/mesh), окно импорта модели (src/app/editors/mesh/import) и надписи
# GPU-вида (src/app/gpu_view.rs). Имена из файлов игры — аргументы, они не переводятся.
view-mesh = 3D-вид
unit-ms-suffix = мс
gpu-no-storage-buffers = это GPU-устройство ({ $backend }) не даёт буферов хранения, а 3D-виду они нужны

## Команды
cmd-mesh-frame-all = 3D: показать всё
cmd-mesh-frame-all-tip = Уместить весь объект в вид (указатель над видом)
cmd-mesh-frame-selection = 3D: показать выбранное
cmd-mesh-frame-selection-tip = Уместить в вид выбранную часть
cmd-mesh-front = 3D: вид спереди
cmd-mesh-front-tip = Смотреть вдоль прямой оси файла
cmd-mesh-side = 3D: вид сбоку
cmd-mesh-side-tip = Смотреть сбоку
cmd-mesh-top = 3D: вид сверху
cmd-mesh-top-tip = Смотреть сверху вниз
cmd-mesh-orthographic = 3D: ортогональная проекция
cmd-mesh-orthographic-tip = Переключить перспективную и ортогональную проекцию
cmd-mesh-play = 3D: пуск / пауза
cmd-mesh-play-tip = Запустить или остановить анимацию узлов и материалов
cmd-mesh-wireframe = 3D: каркас
cmd-mesh-wireframe-tip = Рёбра поверх заливки
cmd-mesh-import-model = Импорт модели…
cmd-mesh-import-model-tip = Заменить модель, открытую в 3D-виде (или выбранную), на glTF (.glb, .gltf) из Blender после предпросмотра, или перетащить файл на модель; без модели — импортировать как новую

## Вид
mesh-building = Сцена строится...
mesh-cannot-draw = Этот объект нельзя нарисовать: { $error }
mesh-cannot-draw-hint = Что в нём, показывают виды «Сводка», «Hex» и «Поля».
mesh-shading = Заливка
mesh-shading-tip = Заливка: материалы и текстуры, ровный серый, нормали цветом, цвета вершин, коэффициент полусферного освещения X-Ray серым (level.geom) или текстурные координаты красным и зелёным
mesh-shading-shader = Шейдер
mesh-shading-textured = Текстуры
mesh-shading-flat = Ровная
mesh-shading-normals = Нормали
mesh-shading-vertex-colour = Цвет вершин
mesh-shading-hemi = Hemi
mesh-shading-texcoord = UV
mesh-wireframe = Каркас
mesh-wireframe-tip = Рёбра поверх заливки (W)
mesh-normals = Нормали
mesh-normals-tip = Нормали вершин короткими линиями
mesh-bounds = Границы
mesh-bounds-tip = Собственные рамки и сферы узлов и пакетов из файла
mesh-grid = Сетка
mesh-grid-tip = Сетка земли в осях файла
mesh-axes = Оси
mesh-axes-tip = Оси файла: x (красная), y (зелёная) и z (синяя)
mesh-nearest = Ближайший
mesh-nearest-tip = Фильтрация по ближайшему текселю (иначе линейная с MIP-уровнями)
mesh-ortho = Орто
mesh-ortho-tip = Ортогональная проекция (5)
mesh-frame = Показать всё
mesh-frame-tip = Уместить всё (Home); F — уместить выбранное
mesh-flags = Флаги
mesh-flags-tip = Каждый треугольник цветом его флагов: вода или столкновения (0x20000, по прочтению), дно жидкости, смешивание
mesh-details = Подробности
mesh-details-tip = Дерево узлов, материалы и выбранное
mesh-frames = кадры
mesh-play = Пуск
mesh-pause = Пауза
mesh-play-tip = Запустить или остановить анимацию материалов (пробел)
mesh-no-node-animation = узлы не анимированы
mesh-material-time = Время материалов
mesh-material-time-tip = Игровое время, в которое вычисляются анимации MAT0; идёт при воспроизведении
mesh-no-gpu = Нет GPU-устройства: 3D-виду нужен wgpu (команда render рисует без окна)
mesh-no-view = 3D-вида нет: { $why }
mesh-updating = обновление...
mesh-view-counts = { $triangles ->
    [one] { $triangles } треугольник
    [few] { $triangles } треугольника
   *[many] { $triangles } треугольников
    } · { $points ->
    [one] { $points } точка
    [few] { $points } точки
   *[many] { $points } точек
    } · { $parts ->
    [one] { $parts } часть
    [few] { $parts } части
   *[many] { $parts } частей
    }
mesh-dropped-triangles = { $n ->
    [one] { $n } треугольник с индексом вне диапазона не рисуется
    [few] { $n } треугольника с индексом вне диапазона не рисуются
   *[many] { $n } треугольников с индексом вне диапазона не рисуются
    }

## Боковая колонка
mesh-kind-model = Модель MSH
mesh-kind-landscape = Ландшафт MSH
mesh-kind-geom = level.geom X-Ray
mesh-kind-level = Уровень X-Ray
mesh-scene-counts = { $nodes ->
    [one] { $nodes } узел
    [few] { $nodes } узла
   *[many] { $nodes } узлов
    } · { $parts ->
    [one] { $parts } часть
    [few] { $parts } части
   *[many] { $parts } частей
    } · { $triangles ->
    [one] { $triangles } треугольник
    [few] { $triangles } треугольника
   *[many] { $triangles } треугольников
    } · { $points ->
    [one] { $points } точка
    [few] { $points } точки
   *[many] { $points } точек
    } · построено за { $ms }
mesh-nodes = Узлы ({ $n })
mesh-problems = Проблемы ({ $n })
mesh-buffers = Буферы ({ $n })
mesh-materials = Материалы ({ $n })
mesh-cells = Вариант × LOD: ячейки slot_index (пустые серые)
mesh-variant = вариант { $n }
mesh-node-shown-tip = Показать или скрыть части узла
mesh-flag-water-bit = вода (0x20000)
mesh-flag-collision-bit = столкновения (0x20000)
mesh-flag-blended-bit = смешивает вторичный материал (0x4)
mesh-flag-none = ничего из этого
mesh-flag-water = вода
mesh-flag-collision = столкновения
mesh-flag-liquid-bed = дно жидкости
mesh-flag-blended = смешивает вторичный
mesh-mat-textured = с текстурой
mesh-mat-shader-colour = цвет шейдера
mesh-mat-untextured = без текстуры (только цвета)
mesh-mat-unresolved = не найден: нейтральный серый
mesh-mat-vertex-colours = цвета вершин
mesh-mat-none = без материала: нейтральный серый
mesh-mat-rows = строки { $rows }
mesh-parts-count = { $n ->
    [one] { $n } часть
    [few] { $n } части
   *[many] { $n } частей
    }
mesh-triangles-count = { $n ->
    [one] { $n } треугольник
    [few] { $n } треугольника
   *[many] { $n } треугольников
    }
mesh-light = Свет
mesh-light-directional = направленный
mesh-light-ambient = рассеянный
mesh-light-follows = Свет следует за камерой
mesh-pick-hint = Щёлкните часть, чтобы увидеть цепочку её материала.
mesh-pick-land-triangle = , треугольник { $i } компонента 21
mesh-pick-part-triangle = , треугольник части { $i }
mesh-none = нет
mesh-tile = тайл
mesh-tile-value = { $tile } (треугольник { $i } компонента 21)
mesh-tri-flags = флаги
mesh-primary = основной
mesh-secondary = вторичный
mesh-material-byte = байт материала
mesh-wear-row = строка WEAR
mesh-wear-row-value = { $table }, строка { $row }: { $name }
mesh-wear-no-row = { $table }: строки нет
mesh-not-found = не найден
mesh-fallback-default = замена: DEFAULT
mesh-fallback-first = замена: запись 0
mesh-open = открыть
mesh-open-material-tip = Открыть материал в его редакторе
mesh-open-texture-tip = Открыть текстуру в её редакторе
mesh-phase = фаза
mesh-phase-value = { $phase } → { $next } (альфа { $alpha }) на { $time }
mesh-texture = текстура
mesh-cell = ячейка { $n }

## Уровень (X-Ray)
level-lod-facets = Грани LOD
level-lod-facets-tip = 8 квадов-импостеров LOD-визуалов над их деревьями
level-fastpath-tip = Копия геометрии для прохода теней из level.geomx, серым
level-portals = Порталы
level-portals-tip = Порталы между секторами, полупрозрачные
level-counts = { $sectors ->
    [one] { $sectors } сектор
    [few] { $sectors } сектора
   *[many] { $sectors } секторов
    } · { $portals ->
    [one] { $portals } портал
    [few] { $portals } портала
   *[many] { $portals } порталов
    } · { $lights ->
    [one] { $lights } динамический свет
    [few] { $lights } динамических света
   *[many] { $lights } динамических светов
    } · { $glows ->
    [one] { $glows } ореол
    [few] { $glows } ореола
   *[many] { $glows } ореолов
    }
level-visual-title = визуал { $k } · { $kind }
level-shader = шейдер
level-past-table = (за концом таблицы)
level-textures = текстуры
level-window = окно 0
level-window-value = смещение { $offset } · { $triangles ->
    [one] { $triangles } треугольник
    [few] { $triangles } треугольника
   *[many] { $triangles } треугольников
    } · { $vertices ->
    [one] { $vertices } вершина
    [few] { $vertices } вершины
   *[many] { $vertices } вершин
    }
level-placed-at = расположен в
level-drawn = нарисовано
level-skipped = пропущен: см. «Проблемы»
level-parents = родители
level-no-parent = нет (корень)
level-parent-join = , в
level-shaders = Шейдеры ({ $n })
level-shader-tip = { $name }
    текстуры: { $textures }
    { $n ->
        [one] { $n } визуал
        [few] { $n } визуала
       *[many] { $n } визуалов
    }
level-sectors = Секторы ({ $n })
level-sector = сектор { $n }
level-no-root = нет корневого визуала

## Сравнение
mesh-no-gpu-device = нет GPU-устройства
mesh-compare-unavailable = 3D-виды недоступны ({ $why }); поля ниже всё равно сравниваются.
mesh-compare-orbit-tip = Тяните, чтобы вращать оба вида; колесо приближает оба
mesh-compare-not-here = нет на этой стороне

## Импорт модели
import-model-title = Импорт модели
import-model-from = Импорт модели из
import-cancelled = импорт { $source } отменён: ничего не изменилось
import-into = Импорт { $source } в { $dest }
import-as-new = Импорт { $source } как новой модели
import-map-library = Из библиотеки: { $name }
import-map-new = Новый: { $name }
import-map-missing = Нет в библиотеке: { $name }
import-map-new-tip = Материал из базового цвета glTF, добавляется в Material.lib
import-material-tip = Материал, который строка WEAR модели назовёт для этого материала glTF
import-converting = преобразование… { $done }/{ $total }
import-nothing-until = До нажатия «Импорт» ничего не меняется; потом Ctrl+Z отменяет импорт одним шагом, Ctrl+S записывает все изменённые файлы.
import-nodes = Узлы
import-materials = Материалы
import-limits = Пределы движка
import-button = Импорт
import-button-tip = Записать модель, её таблицу и записи библиотек одним шагом отмены
import-cancel = Отмена
import-no-preview = нет предпросмотра: { $error }
import-no-gpu = { $n ->
    [one] { $n } треугольник
    [few] { $n } треугольника
   *[many] { $n } треугольников
    } (нет GPU-устройства для предпросмотра)
import-orbit-tip = Тяните, чтобы вращать; колесо приближает
import-animated = { " " }· анимирован
import-no-library = Ни рядом с моделью, ни выше нет Material.lib: материалы только названы в таблице.
import-of-max = из { $max }
import-limit-nodes = узлы
import-limit-batch-vertices = вершины в самом большом пакете
import-limit-batch-indices = индексы в самом большом пакете
import-limit-keys = ключи анимации
import-limit-triangles = треугольники
import-limit-batches = пакеты
import-limit-frames = кадры
import-writes = Импорт запишет
import-writes-model = • { $dest }: модель ({ $n ->
    [one] { $n } байт
    [few] { $n } байта
   *[many] { $n } байт
    })
import-new-mark = { " " }(новый)
import-writes-table = • { $dest }: её таблица, { $n ->
    [one] { $n } строка
    [few] { $n } строки
   *[many] { $n } строк
    }
import-writes-adds = • { $dest }: добавляет { $names }
import-material-missing = материала { $name } нет в Material.lib: игра рисует его материалом DEFAULT
import-warnings = Предупреждения ({ $n })
import-not-msh = { $label } — не модель MSH: { $error }
import-model-file-closed = файл модели не открыт
import-archive-closed = архив не открыт
import-place-entries = записи { $path }
import-place-files = файлы в { $path }
import-name-chars = имя: от 1 символа, без / \ : * ? " < > |
import-name-bad = имя: { $error } (не больше { $max } байт до .msh)
import-no-place = некуда положить: сначала откройте файл или архив
import-already-there = { $what } уже есть: выберите другое имя или перетащите glTF на ту модель, чтобы заменить её
import-name = Имя
import-name-tip = Файлы или записи модели: NAME.msh и её таблица NAME.wea
import-goes-into = Куда
