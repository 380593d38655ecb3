# Сообщения кодеков и модели документа (archives) по-русски: id из msg! в коде,
# английский текст — в самом коде (его печатает командная строка).

## NRes
nres-not-nres = это не архив NRes (сигнатура { $magic }, ожидалась «NRes»)
nres-version = неподдерживаемая версия NRes { $version } (ожидалась 0x100)
nres-negative-count = отрицательное число записей: { $count }
nres-total-size = total_size { $total } не совпадает с длиной файла { $length }
nres-directory-too-big = каталог из { $count } записей ({ $size } байт) не помещается в файл длиной { $length } байт после заголовка
nres-payload-outside = запись { $k } («{ $name }»): данные { $o }..+{ $s } лежат вне области данных { $start }..{ $end }
nres-name-unterminated = запись { $k }: в поле имени нет завершающего нуля (занято { $used } байт)
nres-shared-bytes = запись { $k } («{ $name }») делит или перекрывает байты другой записи
nres-salvage-dropped = восстановление: строка каталога { $k } («{ $name }») повреждена (данные { $o }..+{ $s }); не показана
nres-directory-length = каталог занимает { $want } байт, а дано { $given }
