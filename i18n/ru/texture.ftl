# texture
tex-header = Заголовок
tex-size = Размер
tex-format = Формат
tex-format-known = { $name } ({ $n ->
    [one] { $n } байт
    [few] { $n } байта
   *[other] { $n } байт
    } на тексель)
tex-format-unknown = { $format } (неизвестный: игра не сможет его загрузить)
tex-mip-levels = Уровни mip
tex-unk6-note = цвет экспортёра; никто его не читает
tex-mip-skip = Пропуск mip в игре
tex-mip-skip-value = { $skip }: игра загружает { $size }, { $n ->
    [one] { $n } уровень
    [few] { $n } уровня
   *[other] { $n } уровней
}
tex-runtime-surface = Поверхность в игре
tex-alpha-surface = Поверхность с альфой
tex-alpha-index0 = да: индекс 0 палитры прозрачен
tex-byte-size = Размер в байтах
tex-byte-size-value = { $size } (хвост Page { $tail })
tex-interpretation = Прочтение
tex-reading-irrelevant = не меняет эту текстуру
tex-external-palette = Внешняя палитра
tex-greyscale = оттенки серого
tex-external-palette-tip = Палитра, в которую указывают индексы формата 2 (открытая запись или файл .PAL)
tex-palette = Палитра
tex-palette-hint = Наведите на цвет, чтобы подсветить его тексели; щелчок закрепляет подсветку.
tex-palette-index = индекс палитры { $i }
tex-index-none = индекс –
tex-index-line = индекс { $i }: RGBA { $rgba } · { $n ->
    [one] { $n } тексель
    [few] { $n } текселя
   *[other] { $n } текселей
    } на этом уровне
tex-clear-highlight = Снять подсветку
tex-page-rects = Прямоугольники Page
tex-no-page = Хвоста Page нет: игра берёт всю текстуру (прямоугольник 0).
tex-runtime-rects = Вид «В игре»: значения после пропуска mip. Для правки переключитесь на «Как хранится».
tex-cell = ячейка
tex-runtime-uv = пикс. в игре · UV
tex-cell-tip = ячейка { $i }: номер, которым байт ячейки материала выбирает этот прямоугольник
tex-width = ширина
tex-height = высота
tex-rect-field = прямоугольник { $i }: { $field }
tex-remove = удалить
tex-remove-tip = Удалить этот прямоугольник
tex-add-rect = Добавить прямоугольник
tex-add-rect-tip = Добавить прямоугольник (четверть текстуры в левом верхнем углу)
tex-cannot-decode = Эту текстуру не удаётся декодировать: { $error }
tex-cannot-decode-hint = Её байты видны в видах «Hex» и «Сырые поля»; «Заменить…» запишет поверх новое изображение.
tex-stored = Как хранится
tex-stored-tip = Все хранимые уровни, альфа как есть (то, что пишет экспорт)
tex-runtime = В игре
tex-runtime-tip = Что рисует игра: пропуск mip, прозрачность индекса 0, флаги профиля
tex-force16 = 16 бит
tex-force16-tip = «Force 16-bit textures» из профиля: 4444 с альфой, иначе 565
tex-disable-mipmap-tip = DisableMipmap из профиля: только верхний уровень
tex-ignore-page = Без Page
tex-ignore-page-tip = Флаги загрузки без 0x400000: хвост Page не читается
tex-mip = Mip
tex-mip-tip = Уровень mip (Page Up / Page Down)
tex-larger-tip = Уровень крупнее (Page Up)
tex-smaller-tip = Уровень мельче (Page Down)
tex-zoom-out-tip = Уменьшить (-)
tex-zoom-in-tip = Увеличить (+)
tex-actual-size-tip = Истинный размер (1)
tex-fit = Вписать
tex-fit-tip = Вписать в окно (0 или двойной щелчок по изображению)
tex-red-tip = Красный канал
tex-green-tip = Зелёный канал
tex-blue-tip = Синий канал
tex-alpha-tip = Альфа: если выключена, все тексели непрозрачны
tex-alpha-only = Только A
tex-alpha-only-tip = Показать альфа-канал оттенками серого
tex-grid = Сетка
tex-grid-tip = Сетка пикселей с увеличения 8× (G)
tex-details = Подробности
tex-details-tip = Заголовок, палитра и прямоугольники Page (D)
tex-replace = Заменить…
tex-replace-tip = Заменить изображение из PNG (или перетащите файл на изображение)
tex-export = Экспорт
tex-export-level = Экспортировать уровень { $level } в PNG…
tex-export-all = Экспортировать все уровни в PNG…
tex-stored-bytes = хранится { $bytes }
tex-index = индекс { $i }
tex-point-hint = Наведите на изображение, чтобы прочитать тексель. Колесо: масштаб · перетаскивание: сдвиг · двойной щелчок: вписать
tex-level-tip = уровень { $i }: { $size }
tex-pick-image = Заменить текстуру из
tex-pick-export-level = Экспорт уровня
tex-pick-export-all = Экспортировать все уровни в
view-texture = Текстура
tex-edit-external-title = Правка во внешней программе
tex-open-tab-first = сначала откройте { $address } во вкладке
tex-replace-title = Замена
tex-export-title = Экспорт
tex-exported = экспортировано уровней: { $n } из { $address } в { $to }
external-editing = Правка во внешней программе
external-waiting = ждём сохранения; каждое сохранение заменяет { $what } (один шаг отмены)
external-saves = { $n ->
    [one] принято { $n } сохранение
    [few] принято { $n } сохранения
   *[other] принято { $n } сохранений
}
external-stop = Перестать следить
external-stop-tip = Следующие сохранения файла больше не принимаются (закрытие вкладки тоже останавливает)
external-what-texture = текстуру
external-what-material = материал
imp-undo = Замена изображения { $address } из { $source }
imp-replaced = изображение { $address } заменено из { $source }
imp-heading = Замена { $name }
imp-from = из { $source } ({ $size })
imp-keep = оставить ({ $format })
imp-format-tip = Формат пикселей, в котором записывается текстура
imp-choose-colours = Подобрать цвета (точно, если их мало, иначе k-средние)
imp-keep-palette = Оставить палитру текстуры (ближайший цвет)
imp-dither = Дизеринг (Флойд — Стейнберг)
imp-mip-filter = Фильтр mip
imp-box = Box (как в игре)
imp-smooth = Сглаживающий
imp-scale-image = Масштабировать изображение до { $size }
imp-resize-texture = Изменить размер текстуры на { $size }
imp-what-happens = Что произойдёт
imp-converting = преобразование…
imp-replace = Заменить
imp-replace-tip = Заменить текстуру (Enter); Ctrl+Z отменяет
imp-converting-image = преобразование изображения { $size }…
imp-psnr = PSNR { $psnr } дБ · с размытием { $blurred } дБ
imp-before = До
imp-no-dither = Без дизеринга
imp-dithered = С дизерингом
imp-after = После
imp-use-this = Выбрать этот
imp-cannot-convert = не преобразуется
imp-exact = точно
imp-plan-scaled = изображение { $image } масштабируется до размера текстуры { $texture }
imp-plan-resized = текстура становится { $image } (было { $texture })
imp-plan-format = формат { $old } становится { $new }
imp-plan-format-kept = формат сохраняется: { $format }
imp-plan-smooth = сглаживающим фильтром
imp-plan-box = игровым box-фильтром
imp-plan-mips = уровни mip ({ $n }) строятся заново из изображения { $filter } (у текстуры было { $had })
imp-plan-no-rects = прямоугольников Page нет
imp-plan-rects-kept = прямоугольники Page ({ $n }) остаются как есть
imp-plan-rects-scaled = прямоугольники Page ({ $n }) масштабируются под новый размер (с округлением)
imp-plan-flags = flags4, flags5 и unk6 сохраняются
imp-plan-bytes = размер меняется с { $old } до { $new } байт; один шаг отмены
tcmp-level = Уровень
tcmp-side-by-side = Рядом
tcmp-swipe = Шторка
tcmp-blink = Мигание
tcmp-difference = Разница
tcmp-showing-a = Показано A
tcmp-showing-b = Показано B
tcmp-switch-tip = Переключить A и B
tcmp-gain = усиление
tcmp-gain-tip = Во сколько раз изображение разницы усиливает изменение
tcmp-level-n = уровень { $level }
tcmp-sizes-differ = уровень { $level }: { $a } и { $b }, попиксельно не сравнивается
tcmp-not-on-side = нет на этой стороне
tex-flags-failed = флаги текстуры: { $error }
tex-undo-rects = Правка прямоугольников Page в { $address }
tex-undo-flags = Флаги заголовка { $address }
tex-ext-started = { $address } правится во внешней программе как { $file }: каждое сохранение там заменяет текстуру (один шаг отмены)
tex-ext-not-image = файл, сохранённый в { $file }, не читается как изображение ({ $error }); текстура не изменена, ждём следующего сохранения
tex-ext-undo = Правка изображения { $address } во внешней программе
tex-ext-took = { $address }: принято изображение, сохранённое в { $file }
tex-ext-not-taken = изображение, сохранённое в { $file }, не принято: { $error }
tex-no-levels = нет уровней для показа
tex-drop = Отпустите изображение, чтобы заменить эту текстуру
