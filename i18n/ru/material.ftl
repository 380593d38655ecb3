# material
view-material = Материал
view-materials = Материалы
mat-axis-note = Шкала времени охватывает два самых длинных цикла ({ $longest } мс): ключи в цвете (тяните их концы), затем блёкло — как их повторяет воспроизведение (ping-pong зеркально, у однократного остаётся последний ключ).
mat-held = { $label } удерживается
mat-no-parse = Этот материал не разбирается: { $error }
mat-no-parse-hint = Он показан только для чтения: его байты видны в видах «Hex» и «Сырые поля».
mat-summary = { $phases ->
    [one] { $phases } фаза
    [few] { $phases } фазы
   *[other] { $phases } фаз
    }, { $blocks ->
    [one] { $blocks } блок
    [few] { $blocks } блока
   *[other] { $blocks } блоков
    }, самый длинный цикл { $cycle } мс, версия { $version }
mat-undo-move-end = Сдвиг конца ключа { $key } блока { $block }
mat-no-blocks = Блоков анимации нет: материал всё время показывает фазу 0.
mat-preview = Просмотр
mat-nothing-to-evaluate = Вычислять нечего (у материала нет фаз).
mat-undo-remove-key = Удаление ключа { $key } блока { $block }
mat-ext-started = { $address } правится во внешней программе как { $file }: каждое сохранение там заменяет материал (один шаг отмены)
mat-ext-undo = Правка текста { $address } во внешней программе
mat-ext-took = { $address }: принят текст, сохранённый в { $file }
mat-ext-not-taken = { $file }: { $error }; материал не изменён, ждём следующего сохранения
mat-phase-n = фаза { $n }
mat-not-on-side = нет на этой стороне или это не материал
mat-phase-blend = фаза { $from } -> { $to } на { $percent } %
mat-texture-from = { $texture } из { $origin }
mat-no-texture = без текстуры
mat-nibble-opaque = непрозрачный
mat-nibble-blended = смешивание или сложение, альфа-тест (таблица движка)
mat-nibble-raw = нет в таблице движка (как есть)
mat-version-adds = добавляет { $fields } (значения движка по умолчанию)
mat-version-drops = убирает { $fields } (снова значения движка по умолчанию)
mat-version-same = те же поля
mat-second-stage = вторая стадия текстуры
mat-second-stage-tip = attr1, бит 0: флаг загрузки текстуры 0x200000
mat-flag-a-tip = attr1, бит 1: освещённая оболочка, загружается непрозрачной
mat-nibble-mode = режим полубайта
mat-other-bits = прочие биты attr1 сохраняются: { $bits }
mat-undo-flags = Флаги
mat-version = версия (attr2)
mat-version-current = { $v } (текущая)
mat-undo-version = Версия { $v }
mat-prefix = { $n ->
    [one] { $n } байт префикса
    [few] { $n } байта префикса
   *[other] { $n } байт префикса
    }; во всех файлах игры их 6
mat-ground-unset = класс поверхности грунта: не задан
mat-ground = класс поверхности грунта
mat-unused = движок не использует
mat-speed = множитель скорости
mat-damage = урон в секунду
mat-undo-meta = Метаполя
mat-phases = Фазы ({ $n })
mat-keys = { $n ->
    [one] { $n } ключ
    [few] { $n } ключа
   *[other] { $n } ключей
}
mat-add = Добавить
mat-add-tip = Добавить копию выбранной фазы (или новую)
mat-undo-add-phase = Добавление фазы
mat-duplicate = Дублировать
mat-undo-duplicate = Дублирование фазы { $i }
mat-remove = Удалить
mat-remove-tip = Ключи, ссылающиеся на неё, перейдут на фазу, занявшую её место
mat-up = Выше
mat-undo-up = Фаза { $i } выше
mat-down = Ниже
mat-undo-down = Фаза { $i } ниже
mat-repointed = блок { $block }, ключ { $key }: фаза { $from } -> { $to }
mat-removed-phase = Фаза { $i } удалена; перенаправлены { $list }
mat-undo-remove-phase = Удаление фазы { $i }
mat-power = степень
mat-power-overflow = 1 << n выходит за 32 бита
mat-cell-value = без знака { $unsigned } / со знаком { $signed }
mat-cell-whole = без знака { $unsigned } / со знаком { $signed } (вся текстура)
mat-undo-edit-phase = Правка фазы { $i }
mat-texture = текстура
mat-no-texture-button = Без текстуры
mat-undo-texture = Текстура фазы { $i }
mat-whole-texture = Вся текстура
mat-whole-texture-tip = Ячейка 0xFF (-1 со знаком): без прямоугольника Page
mat-undo-whole = Вся текстура для фазы { $i }
mat-texture-rects = { $origin }: { $size }, прямоугольников Page: { $n }
mat-texture-rects-pick = { $origin }: { $size }, прямоугольников Page: { $n } (щёлкните прямоугольник, чтобы выбрать его ячейку)
mat-page-rect = Прямоугольник Page { $n }
mat-cell-tip = ячейка { $n }: { $size } в { $at }
mat-undo-cell = Ячейка { $cell } для фазы { $i }
mat-blocks = Блоки анимации ({ $n })
mat-add-block = Добавить блок
mat-undo-add-block = Добавление блока анимации
mat-block-title = Блок { $b }: { $mode }, { $n ->
    [one] { $n } ключ
    [few] { $n } ключа
   *[other] { $n } ключей
    }, цикл { $cycle } мс
mat-mode = режим
mat-undo-mode = Режим блока { $b }
mat-remove-block = Удалить блок
mat-undo-remove-block = Удаление блока { $b }
mat-mode-no-branch = у режима { $v } нет ветки в движке: он играет как цикл
mat-interpolate = интерполяция
mat-undo-interpolation = Интерполяция блока { $b }
mat-higher-bits = старшие биты сохраняются: { $bits }
mat-col-key = ключ
mat-col-phase = фаза
mat-col-end = конец (мс)
mat-col-interval = интервал
mat-col-unused = не исп.
mat-past-last-phase = за последней фазой: вычисляется как последняя фаза
mat-interval-empty = { $interval } (пусто)
mat-undo-edit-key = Правка ключа { $key } блока { $block }
mat-add-key = Добавить ключ
mat-undo-add-key = Добавление ключа
mat-insert-before = Вставить перед
mat-undo-insert-key = Вставка ключа
mat-remove-key = Удалить ключ
mat-undo-remove-a-key = Удаление ключа
mat-label-block = { $label } (блок { $b })
mat-at-playhead = В точке воспроизведения
mat-game-time = игровое время { $time }
mat-rand-state = состояние rand()
mat-reroll = Перебросить
mat-reroll-tip = Продвинуть состояние на один вызов rand()
mat-block-mode = Блок { $b } ({ $mode })
mat-no-blocks-short = Нет блоков
mat-block-cycle = Блок { $b } за один цикл
mats-detail = { $phases ->
    [one] { $phases } фаза
    [few] { $phases } фазы
   *[other] { $phases } фаз
    }, { $blocks ->
    [one] { $blocks } блок
    [few] { $blocks } блока
   *[other] { $blocks } блоков
    }
mats-no-parse = не разбирается: { $error }
mats-filter = Фильтр
mats-shown = { $shown } из { $n ->
    [one] { $n } материала
   *[other] { $n } материалов
    }
mat-err-phases-full = число фаз — u16: больше фаз не поместится
mat-err-no-phase = фазы { $i } нет
mat-err-only-phase = единственную фазу нельзя удалить, пока ключи на неё ссылаются
mat-err-phase-pair = фазы { $i } и { $j }: в материале их { $n }
mat-err-blocks-full = у материала не больше { $n } блоков анимации (больше движок не принимает: «Too many animations for material.»)
mat-err-no-block = блока анимации { $b } нет
mat-err-no-key = ключа { $k } в блоке { $b } нет
mat-err-keys-full = число ключей — u16: больше ключей не поместится
mat-pass-reflected = { " " }(отражённо)
mat-pass-held = { " " }(удержание)
mat-random-start = , случайное время начала { $ms } мс
mat-play-state = ключ { $key }: фаза { $phase } -> { $next }  альфа { $alpha }  время блока { $time } мс{ $pass }{ $random }
mat-play-colours = рассеянный { $diffuse }  фоновый { $ambient }
    бликовый { $specular }  излучаемый { $emissive }
mat-play-power = шаг степени { $step } ячейка { $cell } текстура { $texture }
mat-no-interpolated = нет интерполируемых полей
mat-bit-names = { $names } (прочтение { $reading })
mat-ext-not-utf8 = не текст UTF-8 в байте { $at }
