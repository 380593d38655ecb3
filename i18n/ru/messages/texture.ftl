# Сообщения кодеков и модели документа (texture) по-русски: id из msg! в коде,
# английский текст — в самом коде (его печатает командная строка).

## Texm: разбор и заголовок
texm-bad-magic = ожидалась сигнатура «Texm», найдено { $magic }
texm-unknown-format-kept = неизвестный формат пикселей { $format } (известны: 0, 2, 565, 556, 4444, 88, 888, 8888): игра не сможет загрузить текстуру; запись сохранена как сырые байты
texm-field-zero = { $name } равно 0
texm-no-levels = mip_count равно 0; у текстуры должен быть хотя бы один мип-уровень
texm-no-pixels = { $name } равно 0; у текстуры должен быть хотя бы один пиксель
texm-chain-overflow = { $levels ->
        [one] { $levels } мип-уровень
        [few] { $levels } мип-уровня
       *[other] { $levels } мип-уровней
    } размером { $width }x{ $height } в формате { $format } не помещаются ни в какой размер
texm-chain-past-end = цепочка мип-уровней ({ $levels } от { $width }x{ $height }, формат { $format }) выходит за конец записи (нужно { $need } { $need ->
        [one] байт
        [few] байта
       *[other] байт
    }, осталось { $left })
texm-page-not-page = { $size } { $size ->
        [one] байт
        [few] байта
       *[other] байт
    } после цепочки мип-уровней — не блок Page (ожидались «Page» и число u32, найдено { $found })
texm-page-size = блок Page объявляет { $count } { $count ->
        [one] прямоугольник
        [few] прямоугольника
       *[other] прямоугольников
    } ({ $declared } байт), но после его заголовка идёт { $body } байт; блок должен точно завершать запись

## Texm: сборка из частей и чтение уровней
texm-unknown-format = неизвестный формат пикселей { $format }
texm-parts-zero = width, height и mip_count должны быть не меньше 1
texm-parts-palette = встроенная палитра есть только у формата 0
texm-parts-size = данные мип-уровней занимают { $size } байт, а заголовок требует { $want }
texm-raw-no-page = текстура неизвестного формата хранит байты как есть; к ней нельзя добавить блок Page
texm-unknown-no-levels = формат { $format } неизвестен: уровни не прочитать
texm-no-such-level = мип-уровня { $level } нет (у текстуры { $count ->
        [one] { $count } уровень
        [few] { $count } уровня
       *[other] { $count } уровней
    })
texm-level-outside = мип-уровень { $level } лежит за пределами данных мип-уровней
texm-level-size = мип-уровень { $level } имеет размер { $w }x{ $h }, а изображение — { $iw }x{ $ih }
texm-image-too-big = изображение { $width }x{ $height } не помещается в память
texm-rgba-size = для RGBA { $width }x{ $height } нужно { $need } байт, получено { $got }

## Texm: экспорт и импорт изображений
texm-png-encode = не удалось закодировать PNG: { $error }
texm-level-missing = мип-уровня { $level } нет
texm-image-unreadable = не удалось прочитать изображение: { $error }
texm-image-empty = изображение пустое
texm-target-format = целевой формат { $format } — не один из 0, 2, 565, 556, 4444, 88, 888, 8888
texm-import-unknown-format = формат текстуры { $format } неизвестен; укажите целевой формат
texm-import-size = изображение { $w }x{ $hgt }, а текстура { $tw }x{ $th }; разрешите изменение размера, чтобы текстура приняла размер изображения
texm-resized = размер текстуры изменён с { $tw }x{ $th } на { $w }x{ $hgt }
texm-run-on-levels = mip_count { $levels } заходит более чем на { $max } уровней за 1x1; такую цепочку пересобирать не будем
texm-zero-levels-written = mip_count было 0: записан один уровень
texm-rebuilt-overflow = пересобранная цепочка мип-уровней переполняется
texm-format-changed = формат изменён с { $from } на { $to }
texm-page-scaled = { $count ->
        [one] { $count } прямоугольник Page масштабирован
       *[other] { $count } прямоугольников Page масштабированы
    } на { $w }/{ $tw } x { $hgt }/{ $th } с округлением
texm-skip-changed = при новом размере движок пропускает { $after ->
        [one] { $after } уровень
        [few] { $after } уровня
       *[other] { $after } уровней
    } вместо { $before }

## Texm: кодирование
texm-no-target-format = целевой формат не указан
texm-no-levels-to-encode = нет уровней для кодирования
texm-too-many-levels = слишком много уровней
texm-level-dims = мип-уровень { $level } имеет размер { $lw }x{ $lh }, ожидалось { $expected }
texm-dithered = формат { $format }: применён дизеринг (Флойд — Стейнберг) вместо округления каждого пикселя
texm-alpha-dropped = у изображения есть прозрачность; формат { $format } не хранит альфа-канал, поэтому она отброшена
texm-palette-kept = все цвета есть в палитре текстуры: палитра сохранена
texm-palette-exact = { $count ->
        [one] { $count } различный цвет стал
        [few] { $count } различных цвета стали
       *[other] { $count } различных цветов стали
    } палитрой в точности
texm-palette-nearest = палитра сохранена: цвета, которых в ней нет, заменены ближайшими записями
texm-palette-nearest-dithered = палитра сохранена: цвета, которых в ней нет, заменены ближайшими записями, с дизерингом
texm-palette-kmeans = цветов больше { $count }: палитра подобрана методом k-средних
texm-palette-kmeans-dithered = цветов больше { $count }: палитра подобрана методом k-средних, с дизерингом
texm-alpha-surface = поверхность с альфой: прозрачные пиксели (alpha < 128) получают индекс 0, который движок показывает прозрачным
texm-palette-alpha-dropped = у изображения есть прозрачность; эта палитра не хранит альфа-канал, а поверхность не альфа-поверхность, поэтому прозрачность отброшена
texm-greyscale-indices = формат 2 без внешней палитры: закодирован как индексы оттенков серого

## Texm: как текстуру видит движок
texm-unknown-format-runtime = формат { $format } неизвестен: игра не сможет загрузить текстуру
texm-skip-empty = пропуск мип-уровней ({ $skip }) оставляет загрузчику текстуру { $rw }x{ $rh }; показана как минимум 1x1
texm-skip-overflow = смещение пропуска мип-уровней переполняется
texm-skip-misaligned = загрузчик начинает уровень { $skip } с байта { $start } данных мип-уровней (w*h*1,25), а сохранённый уровень начинается с { $stored }: при нечётных размерах они расходятся
texm-fade-palette = бит 25 в flags5: движок строит для этой текстуры 32-ступенчатую палитру затухания (не моделируется); показана с сохранённой палитрой
texm-runtime-past-chain = уровень движка { $level } ({ $lw }x{ $lh }) читался бы за концом сохранённой цепочки мип-уровней; загрузчик читает за её пределы

## Texm: имена и палитры
texm-bad-name = Bad texture name.: в первых 17 символах имени нет «.»; движок откажется загружать текстуру по этому имени
texm-suffix-out-of-range = суффикс палитры даёт индекс { $index } — за пределами { $slots } слотов палитр: движок прочитал бы память вне своего банка палитр

## Texm: распакованные файлы и сравнение
texm-form-unknown-format = формат { $format } неизвестен
texm-form-chain-overflow = цепочка мип-уровней переполняется
texm-form-format-unknown = неизвестный формат
texm-form-level-bytes = мип-уровень { $level }: { $size } байт не соответствуют размеру уровня
texm-has-one-level = в текстуре 1 уровень
texm-has-levels = в текстуре { $count ->
        [one] { $count } уровень
        [few] { $count } уровня
       *[other] { $count } уровней
    }
texm-level-diff = изменено пикселей: { $changed } из { $total }, PSNR { $psnr } дБ
texm-level-diff-box = изменено пикселей: { $changed } из { $total }, PSNR { $psnr } дБ, область x { $x0 }..{ $x1 }, y { $y0 }..{ $y1 }
