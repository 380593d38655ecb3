# inspector

inspector-heading = Инспектор
inspector-select = Выберите запись в обозревателе.
inspector-many-selected = { $n ->
    [one] Выбран { $n } элемент
    [few] Выбрано { $n } элемента
   *[other] Выбрано { $n } элементов
}
inspector-bytes-in-all = Всего { $total } { $n ->
    [one] байт
    [few] байта
   *[other] байт
}
inspector-address-tip = Адрес этого элемента для командной строки
inspector-sound = Звук
inspector-mono = моно
inspector-stereo = стерео
inspector-codec = кодек
inspector-codec-value = { $codec } (тег { $tag })
inspector-rate = частота
inspector-hz = { $rate } Гц
inspector-channels = каналы
inspector-bits = биты
inspector-block-align = блок
inspector-block-align-value = { $bytes }, { $samples }
inspector-length = длина
inspector-length-value = { $samples }, { $seconds } с
inspector-data = данные
inspector-chunks = блоки RIFF
inspector-bytes = { $count } { $n ->
    [one] байт
    [few] байта
   *[other] байт
}
inspector-samples = { $count } { $n ->
    [one] отсчёт
    [few] отсчёта
   *[other] отсчётов
}
inspector-path = Путь
inspector-format = Формат
inspector-format-bytes = байты
inspector-entries = Записи
inspector-size = Размер
inspector-lookup = Таблица поиска
inspector-lookup-sorted = отсортирована
inspector-lookup-unsorted = не отсортирована (Запись ▸ Перестроить таблицу поиска)
inspector-unsaved = Несохранённые изменения
inspector-yes = да
inspector-no = нет
inspector-on-disk = На диске
inspector-changed-on-disk = изменён после открытия
inspector-name = Имя
inspector-raw-bytes = байты имени: { $hex }
inspector-index = Номер
inspector-type = Тип
inspector-method = Метод
inspector-packed-size = Сжатый размер
inspector-offset = Смещение
inspector-sort-index = Индекс сортировки
inspector-type-tip = { $id } = { $hex }; четыре символа ASCII или десятичный номер, Enter — применить
inspector-type-bad = тип { $text }: нужны четыре символа ASCII или десятичный номер
inspector-no-preview = нет превью: { $reason }
inspector-reencodes = { $kind }: кодируется обратно байт в байт
inspector-not-reencodes = { $kind }: НЕ кодируется обратно в те же байты
inspector-no-codec = для этого элемента нет типового кодека
inspector-codec-nothing = Кодек ничего не сообщает.
inspector-checking = Проверка…
inspector-check = Проверка: { findings-count }
inspector-severity-error = Ошибка
inspector-severity-warning = Предупреждение
inspector-severity-info = Сведения
refs-used-by = Используется в ({ $n })
refs-uses = Использует ({ $n })
refs-drawn-by = Рисуется в ({ $n })
