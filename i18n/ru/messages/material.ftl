# Сообщения кодеков и модели документа (material) по-русски: id из msg! в коде,
# английский текст — в самом коде (его печатает командная строка).
# Поля формата (attr1, attr3, nibbleMode, interp_mask, k1, k2, phase_count, key_count,
# name_field…) и сообщения самой игры в кавычках не переводим.

## MAT0: разбор и запись
mat0-block-count = anim_block_count равно { $count }, а должно быть меньше { $limit } (движок отказывает: «Too many animations for material.»)
mat0-phase-truncated = фаза { $i } из { $count } выходит за конец записи (нужно { $size } байт, осталось { $left })
mat0-key-truncated = блок анимации { $b }: ключ { $i } из { $count } выходит за конец записи (нужно { $size } байт, осталось { $left })
mat0-trailing-bytes = { $count ->
        [one] { $count } байт
        [few] { $count } байта
       *[other] { $count } байт
    } после последнего блока анимации (запись должна кончаться на { $end })
mat0-too-many-phases = { $count ->
        [one] { $count } фаза не помещается
        [few] { $count } фазы не помещаются
       *[other] { $count } фаз не помещаются
    } в поле phase_count (u16)
mat0-too-many-blocks = { $count ->
        [one] { $count } блок анимации
        [few] { $count } блока анимации
       *[other] { $count } блоков анимации
    }: движок принимает не больше { $max }
mat0-too-many-keys = блок анимации { $b }: { $count ->
        [one] { $count } ключ не помещается
        [few] { $count } ключа не помещаются
       *[other] { $count } ключей не помещаются
    } в поле key_count (u16)
mat0-meta-lost = { $what } отличается от значения по умолчанию, но версия { $v } его не хранит (хранится с версии { $from })

## MAT0: фазы и текстуры
mat0-texture-not-cp1251 = в имени текстуры «{ $name }» есть символ вне CP1251
mat0-texture-too-long = имя текстуры «{ $name }» занимает { $size } байт; в поле помещается не больше { $max } и нулевой байт
mat0-texture-nul = имя текстуры содержит нулевой байт

## MAT0: проверка
mat0-version-above-shipped = версия (attr2) { $version } выше поставляемой с игрой { $shipped }; раскладка как у версии 4 и выше
mat0-nibble-mode = nibbleMode (биты 2..5 attr1) равно { $mode }: в таблице смешивания движка есть только записи 0..{ $last }
mat0-unknown-bits = биты attr1 { $bits } движок не читает (сохранены); известные биты — { $known }
mat0-attr3 = attr3 равно { $attr3 }; движок его не читает (сохранено)
mat0-no-phases = у материала нет фаз; движку нечем его рисовать
mat0-texture-unterminated = фаза { $i }: имя текстуры «{ $name }» занимает все 16 байт без нулевого; движок читает дальше, в следующую запись
mat0-power-overflow = фаза { $i }: шаг степени { $power } даёт переполнение 1 << { $power } за 32 бита
mat0-check-mode-unknown = блок анимации { $b }: у режима { $m } нет ветки в движке; он проигрывается как цикл
mat0-interp-mask = блок анимации { $b }: в interp_mask { $mask } есть биты выше 0x10, которые ни на что не влияют
mat0-block-no-keys = в блоке анимации { $b } нет ключей: он показывает фазу 0
mat0-empty-cycle = блок анимации { $b }: k1 последнего ключа равно 0, поэтому цикл пуст и блок показывает одну фазу
mat0-key-phase = блок анимации { $b }, ключ { $k }: фазы { $phase } нет (у материала { $n ->
        [one] { $n } фаза
        [few] { $n } фазы
       *[other] { $n } фаз
    }); вычисляется как последняя фаза
mat0-key-backwards = блок анимации { $b }, ключ { $k }: k1 { $e } меньше, чем { $s } у предыдущего ключа; этот ключ никогда не выбирается
mat0-key-zero-length = блок анимации { $b }, ключ { $k }: интервал нулевой длины на { $s } мс; никогда не выбирается
mat0-key-k2 = блок анимации { $b }, ключ { $k }: k2 равно { $k2 } (не читается; сохранено)

## MAT0: вычисление анимации
mat0-mode-unknown = у режима анимации { $m } нет ветки в движке; он проигрывается как цикл
mat0-current-phase-missing = фаза текущего ключа { $k0 } — не номер фазы (у материала { $n ->
        [one] { $n } фаза
        [few] { $n } фазы
       *[other] { $n } фаз
    }); вычислена как последняя фаза
mat0-next-phase-missing = фаза следующего ключа { $k0 } — не номер фазы (у материала { $n ->
        [one] { $n } фаза
        [few] { $n } фазы
       *[other] { $n } фаз
    }); вычислена как последняя фаза
mat0-eval-no-phases = у материала нет фаз, вычислять нечего
mat0-no-such-block = блока анимации { $block } нет (у материала { $count ->
        [one] { $count } блок
        [few] { $count } блока
       *[other] { $count } блоков
    })
mat0-static = у материала нет блоков анимации: всё время фаза 0

## MAT0: поиск материала по имени
mat0-material-not-found = Material { $name } not found. (материал не найден)
mat0-using-default = { $name }: вместо него используется { $default }
mat0-using-first = { $name }: материала { $default } тоже нет; используется запись 0 ({ $first })
mat0-library-empty = { $name }: библиотека материалов пуста

## MAT0: текст материала (.mat0.toml)
mat0-text-above-max = { $what } равно { $x }; допустимо не больше { $max }
mat0-text-colour = цвет { $what } «{ $s }»: ожидалось "#RRGGBBAA" (четыре шестнадцатеричных байта)
mat0-text-both = укажите { $name } или { $name }_bits, но не оба
mat0-text-version-gate = версия { $version } не хранит { $name } (хранится с версии { $from }); уберите поле или поднимите версию
mat0-text-mode-name = режим «{ $s }»: ожидалось "loop", "ping-pong", "one-shot", "random" или число 0-7
mat0-text-mode-number = режим { $n }: в заголовке под него 3 бита, 0-7
mat0-text-no-phase = фазы { $phase } нет (у материала { $count ->
        [one] { $count } фаза
        [few] { $count } фазы
       *[other] { $count } фаз
    })
mat0-text-not-cp1251 = в имени текстуры «{ $text }» есть символ вне CP1251
mat0-text-name-field = name_field: ожидалось { $digits } шестнадцатеричных цифр (16-байтовое поле)
