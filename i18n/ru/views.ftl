# Общие виджеты (src/app/widgets: шкала времени, предпросмотр материала, …) и общие виды
# (src/app/views: «Сводка», «Hex», «Сырые поля»).

## Шкала времени
timeline-span-frames = из { $n ->
    [one] { $n } кадра
   *[other] { $n } кадров
    } (0–{ $last })
timeline-span-ms = из { $n } мс
timeline-frames-suffix = кадр.
timeline-play-tip = Запустить или остановить (пробел)
timeline-loop = Повтор
timeline-loop-tip = В конце начинать сначала, а не останавливаться
timeline-speed-tip = Скорость воспроизведения
timeline-time = Время
timeline-fit = Вместить
timeline-fit-tip = Показать всю длину (колесо масштабирует, Shift+колесо сдвигает)

## Сырые поля, «Сводка», «Hex»
fields-file-closed = файл не открыт
fields-nres-row = строка каталога { $index } по адресу { $at } в её архиве (64 байта)
fields-rsli-row = строка записи { $index } по адресу { $at } в её архиве (32 байта, расшифрована)
fields-no-entry = нет записи № { $index }
fields-after-nul = ; байты после NUL не нулевые (сохраняются)
fields-no-nul = ; нет NUL (все 36 байт)
fields-never-read = не читается; сохраняется
fields-flags-method = { $flags }: метод { $method }
fields-effective-offset = { $off }; действующее { $effective }
fields-nres-header = Заголовок NRes (16 байт)
fields-rsli-header = Заголовок RsLi (32 байта)
fields-entry-count-again = entry_count ещё раз
fields-presorted = 0xABBA: таблица отсортирована
fields-no = нет
fields-unpacked-sum = сумма распакованных
fields-ao-overlay = наложение AO
fields-ao-overlay-value = { $offset } прибавляется к каждому смещению
fields-loose-file = отдельный файл (без каталога)
fields-size = размер
fields-first-bytes = первые байты
fields-col-field = поле
fields-col-at = смещение
fields-col-value = значение
fields-col-raw = байты в файле
summary-items = { $key } ({ $n ->
    [one] { $n } элемент
    [few] { $n } элемента
   *[many] { $n } элементов
    })
summary-more = … ещё { $n }
hex-goto-hint = перейти к смещению (0x…)

## Панель инструментов, предпросмотр материала, миниатюры
toolbar-tools-tip = Панель инструментов не помещается в эту ширину: её инструменты здесь
preview-diffuse = рассеянный
preview-ambient = фоновый
preview-specular = бликовый
preview-emissive = излучаемый
preview-overflows = переполнение
preview-power = шаг степени { $step } -> { $power }   полубайт смешивания { $nibble }
preview-sphere = Сфера
preview-cube = Куб
preview-plane = Плоскость
preview-shape-tip = Нарисовать материал на этой фигуре 3D-рендерером
preview-flat = Плоский
preview-flat-tip = Плоский образец: ячейка текстуры, окрашенная рассеянным цветом
preview-unavailable = 3D-предпросмотр недоступен ({ $why }): вместо него плоский образец.
preview-turn-tip = Тяните, чтобы вращать фигуру
thumb-too-large = слишком велик для пробы
thumb-not-texture = не текстура
