# media
view-sound = Звук
view-palette = Палитра
view-font = Шрифт
snd-replace-title = Замена звука
snd-undo-replace = Замена звука из { $from }
snd-no-device-log = нет звукового устройства: звуки играют беззвучно (курсор воспроизведения всё равно движется)
snd-cannot-read = Этот звук не читается: { $error }
snd-stop = Стоп
snd-play = Играть
snd-space = Пробел
snd-loop = Повтор
snd-no-device = нет звукового устройства
snd-replaced = Заменён:
snd-play-before = Играть прежний
snd-play-before-tip = Звук, каким он был до замены
snd-before = прежний: { $summary }
snd-dismiss = Скрыть
snd-cursor = курсор { $time }
snd-selection = выделение с { $from } по { $to } ({ $samples })
snd-playing = играет { $time }
snd-info = { $codec } · биты { $bits } · блок { $block } · блоки RIFF { $chunks }
pal-cannot-open = Эта палитра не открывается: { $error }
pal-tail = , после неё { $n ->
    [one] { $n } байт хранится
    [few] { $n } байта хранятся
   *[other] { $n } байт хранятся
    } как есть
pal-summary-ipol = 256 цветов + таблица Ipol (256 × 256 индексов){ $tail }
pal-summary = 256 цветов, без таблицы Ipol{ $tail }
pal-reading = палитра
pal-swatch-tip = индекс { $i } ({ $hex })
    { $colour }
    байты { $raw } по адресу { $at }
pal-ipol-heading = Таблица Ipol: в строке a, столбце b — индекс палитры
pal-ipol-tip = строка { $a } ({ $ca }), столбец { $b } ({ $cb })
    -> индекс { $i } ({ $ci })
pal-ipol-note = Читается как простые индексы. Имя намекает на смесь цветов a и b; как её использует движок, не подтверждено (docs/formats/pal.md).
pal-no-ipol = В этой палитре нет таблицы Ipol.
font-texm-no-parse = встроенная Texm не разбирается
font-fields = прямоугольник { $rect } в { $at }, шаг { $advance }, смещение { $offset }, unknown_e { $unknown }
font-cannot-open = Этот шрифт не открывается: { $error }
font-editor-summary = { $n ->
    [one] { $n } глиф
    [few] { $n } глифа
   *[other] { $n } глифов
    }, высота строки { $height }, интервал { $spacing }, лист { $sheet }, формат { $format }
font-palette = палитра: { $address }
font-no-palette = палитра: рядом со шрифтом не найдена, оттенки серого
font-reading-note = Поля заголовка и записей глифов — прочтение этого проекта: ни одно открытое описание их не подтверждает; все байты сохраняются (docs/formats/tfnt.md).
font-sheet-error = Лист глифов: { $error }
font-type-line = Введите строку
font-line-info = символов: { $n }, нарисовано { $drawn }, без глифа { $missing }, ширина { $width } пикс.
font-not-cp1251 = «{ $ch }» нет в CP1251
font-no-glyph = у { $ch } нет глифа
font-glyph-sheet = Лист глифов
font-zoom = масштаб
font-record-at = запись по адресу { $at }
font-click-glyph = Щёлкните глиф, чтобы увидеть его запись.
font-glyph = Глиф { $ch }
font-same-rect = Тот же прямоугольник: { $list }
font-undo-glyph = Запись глифа { $ch }
font-rect-value = { $w }×{ $h } в ({ $x }, { $y })
