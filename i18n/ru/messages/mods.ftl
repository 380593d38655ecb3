# Сообщения кодеков и модели документа (mods) по-русски: id из msg! в коде,
# английский текст — в самом коде (его печатает командная строка).
# Кавычки вокруг имён модов ("…") уже стоят в значениях: имена экранированы так же, как в
# выводе командной строки.

## Общее
mods-io-path = { $path }: { $error }
mods-not-a-folder = { $path }: это не папка
mods-no-change = { $label }: нет изменения №{ $i }
mods-package-changed = { $path }: пакет изменился после того, как был открыт
mods-nothing-changed = { $error }; в папке игры ничего не изменилось
mods-nothing-written = ничего не записано
mods-dry-run-nothing-written = пробный прогон: ничего не записано
mods-dry-run-not-kept = файл пробного прогона не сохранялся
mods-package-copy = копия пакета
mods-installed-copy = { $name } (установленная копия)

## Пакет .parkanmod
mods-pkg-not-zip = это не zip-файл .parkanmod: { $error }
mods-pkg-duplicate-names = имя элемента встречается в zip дважды; в пакете каждый элемент назван один раз
mods-pkg-zip-member = элемент zip №{ $i }: { $error }
mods-pkg-member-link = { $shown } — ссылка; в пакете бывают только обычные файлы
mods-pkg-member-absolute = { $shown }: абсолютный путь элемента
mods-pkg-member-backslash = { $shown }: в пути элемента есть обратная косая черта
mods-pkg-member-drive = { $shown }: в пути элемента есть «:» (буква диска)
mods-pkg-member-control = { $shown }: в пути элемента есть управляющий символ
mods-pkg-member-dots = { $shown }: путь элемента выходит за пределы пакета (. или ..)
mods-pkg-member-leaves = { $shown }: путь элемента выходит за пределы пакета
mods-pkg-member-twice = { $shown } встречается в zip дважды
mods-pkg-member-too-big = { $name } объявляет { $declared } { $declared ->
        [one] байт
        [few] байта
       *[many] байт
    }, больше { $limit }, допустимых для одного файла пакета
mods-pkg-member-inflates = { $name } распаковывается в большее или меньшее число байт, чем { $declared }, объявленные в его записи zip
mods-pkg-total = элементы пакета объявляют { $total } { $total ->
        [one] байт
        [few] байта
       *[many] байт
    }, больше { $limit }, допустимых для пакета
mods-pkg-no-manifest = нет { $manifest }
mods-pkg-version = { $manifest }: версию формата { $v } эта программа не читает (она читает { $reads }); возможно, прочтёт более новая Parkan Studio
mods-pkg-no-version = { $manifest }: нет format_version
mods-pkg-format = { $manifest }: format равен { $format }, а не "parkanmod"
mods-pkg-no-name = { $manifest }: у мода нет названия (папка игры различает моды по названию)
mods-pkg-name-long = { $manifest }: название мода занимает { $size } { $size ->
        [one] байт
        [few] байта
       *[many] байт
    }, больше допустимых { $limit }
mods-pkg-changes = { $manifest }: { $count } { $count ->
        [one] изменение
        [few] изменения
       *[many] изменений
    }, больше { $limit }, допустимых для пакета
mods-pkg-used = { $manifest }: изменения до №{ $i } используют { $used } { $used ->
        [one] байт
        [few] байта
       *[many] байт
    } данных, больше { $limit }, допустимых для пакета (элемент считается столько раз, сколько изменений его называют)
mods-pkg-change-op = { $manifest }, изменение №{ $i } ({ $op })
mods-pkg-change-at = { $manifest }, изменение №{ $i } ({ $op } { $address })
mods-pkg-game-path = { $at }: игровой путь { $path } не годится: { $why }
mods-pkg-entry-depth = { $at }: путь записи из { $count } { $count ->
        [one] элемента
       *[other] элементов
    }, больше { $limit }, допустимых уровней вложенности
mods-pkg-entry-name = { $at }: имя записи { $name } не годится: { $why }
mods-pkg-no-original = { $at }: нет исходного состояния (size и sha256)
mods-pkg-no-entry = { $at }: нет пути записи
mods-pkg-whole-file-entry = { $at }: у изменения целого файла не бывает пути записи
mods-pkg-new-entry-name = { $at }: имя новой записи { $name }: { $error }
mods-pkg-new-name-bad = { $at }: новое имя { $name }: { $error }
mods-pkg-new-name-unsafe = { $at }: новое имя { $name } не годится: { $why }
mods-pkg-no-to = { $at }: нет нового имени (to)
mods-pkg-unknown-op = { $at }: неизвестная операция { $op }
mods-pkg-original-sha = { $at }: sha256 исходного состояния — не 64 шестнадцатеричные цифры
mods-pkg-no-blob = { $at }: нет { $what }
mods-pkg-blob-missing = { $at }: его { $what } { $path } отсутствует в zip
mods-pkg-blob-size = { $at }: по манифесту { $path } занимает { $size } { $size ->
        [one] байт
        [few] байта
       *[many] байт
    }, а zip объявляет { $declared }
mods-pkg-blob-sha = { $at }: { $path } не совпадает с SHA-256 из манифеста (в манифесте { $manifest }, у байтов { $got })
mods-pkg-twice = { $manifest }: { $address } изменяется дважды
mods-pkg-held = { $manifest }: изменяется { $address }, а также содержащий его { $holder }
mods-pkg-file-folder = { $manifest }: { $file } — файл, который пишет одно изменение, и папка, нужная для { $needs }
mods-member-changed = { $member } изменился после чтения пакета (его SHA-256 больше не совпадает с манифестом)
mods-create-no-name = у мода должно быть название
mods-create-no-changes = не выбрано ни одного изменения: пустой мод ничего бы не сделал

## Почему путь не годится (продолжение «игровой путь … не годится: …»)
mods-path-empty = он пуст
mods-path-backslash = в нём есть обратная косая черта (в игровых путях — /)
mods-path-absolute = он абсолютный
mods-path-colon = в нём есть «:» (буква диска или имя потока)
mods-path-nul = в нём есть байт NUL
mods-path-control = в нём есть управляющий символ
mods-path-empty-part = в нём есть пустая часть
mods-path-dots = он выходит из папки или называет её саму (. или ..)
mods-path-journal = он внутри папки журнала модов
mods-path-windows-char = в нём есть символ, запрещённый Windows в именах файлов (< > " | ? *)
mods-path-trailing = в нём есть часть, оканчивающаяся пробелом или точкой, которые Windows отбрасывает
mods-path-device = он называет устройство Windows (CON, PRN, AUX, NUL, COM1-9, LPT1-9)
mods-path-cp1251 = в нём есть символы, которых нет в CP1251, кодовой странице игры
mods-path-long = он длиннее 200 байт, допустимых для игрового пути
mods-entry-empty = оно пустое
mods-entry-nul = в нём есть байт NUL
mods-entry-control = в нём есть управляющий символ
mods-entry-slash = в нём есть / или \ (имя записи — не путь)
mods-entry-cp1251 = в нём есть символы, которых нет в CP1251
mods-entry-long = оно длиннее 255 байт, допустимых для имени записи

## Пути на диске
mods-path-file-in-the-way = { $file } — файл, а для { $rel } там нужна папка
mods-path-folder-not-file = { $rel } — папка, а моду там нужен файл
mods-path-file-not-folder = { $rel } — файл, а там должна быть папка
mods-path-link-nowhere = { $link } — ссылка на { $to }, которая никуда не ведёт ({ $error }); мод не пишет через неё
mods-path-link-outside = { $link } — ссылка на { $to } вне папки игры { $root }; мод не читает и не пишет через неё

## Применение изменений
mods-apply-mismatch = { $what } — не то исходное состояние, для которого сделано изменение (ожидалось { $size } { $size ->
        [one] байт
        [few] байта
       *[many] байт
    }, SHA-256 { $sha }…; найдено { $found_size } { $found_size ->
        [one] байт
        [few] байта
       *[many] байт
    }, { $found_sha }…)
mods-apply-no-file = { $file } не существует
mods-apply-not-archive = { $file } — не архив
mods-apply-unreadable = { $file } не читается как архив: { $error }
mods-apply-file-exists = { $name } уже существует (мод его добавляет)
mods-apply-not-whole-file = { $op } — не изменение целого файла
mods-apply-objects-changed = { $what }: его объекты изменились после базовой версии: { $conflict }
mods-apply-rows-changed = { $what }: его строки изменились после базовой версии: { $conflict }
mods-apply-no-holder = нет записи { $seg }, в которой бы это лежало
mods-apply-no-entry = нет записи { $name }
mods-apply-entry-exists = запись { $name } уже существует (мод её добавляет)
mods-apply-rename-taken = запись { $to } уже существует
mods-apply-rename-bad = { $name } -> { $to }: { $error }
mods-apply-names-entry = { $op } называет запись
mods-apply-batch = архив не принимает правки мода: { $error }
mods-done-already = {" "}(уже так)
mods-done-merged = {" "}(строки слиты с другими правками таблицы)
mods-done-overrode = {" "}(--force: { $why }; побеждает этот мод)
mods-done-skipped = {" "}(пропущено: { $why })

## Установка
mods-already-installed = мод с названием { $name } уже установлен в { $folder }; сначала удалите его
mods-unsafe-paths = { $name } нельзя установить в { $folder }: { $count } { $count ->
        [one] путь
        [few] пути
       *[many] путей
    }, куда нельзя безопасно писать
mods-install-blocked = { $name } нельзя установить как есть: { $count ->
        [one] { $count } изменение находит не то, для чего оно было сделано
        [few] { $count } изменения находят не то, для чего они были сделаны
       *[many] { $count } изменений находят не то, для чего они были сделаны
    }
mods-blocked-by-mod = { $why } (изменено установленным модом «{ $other }»)
mods-blocked-by-hand = { $why } (не как в игре, для которой сделан мод: изменено вручную или другой программой)
mods-blocked-advice = ничего не записано; --force даёт этому моду победить, --order N ставит его перед модом, с которым он конфликтует
mods-would-install = будет установлен { $name } { $version }: { $count } { $count ->
        [one] изменение
        [few] изменения
       *[many] изменений
    } в { $files } { $files ->
        [one] файле
       *[other] файлах
    }
mods-would-install-by = будет установлен { $name } { $version } от { $author }: { $count } { $count ->
        [one] изменение
        [few] изменения
       *[many] изменений
    } в { $files } { $files ->
        [one] файле
       *[other] файлах
    }
mods-installing = устанавливается { $name } { $version }: { $count } { $count ->
        [one] изменение
        [few] изменения
       *[many] изменений
    } в { $files } { $files ->
        [one] файле
       *[other] файлах
    }
mods-installing-by = устанавливается { $name } { $version } от { $author }: { $count } { $count ->
        [one] изменение
        [few] изменения
       *[many] изменений
    } в { $files } { $files ->
        [one] файле
       *[other] файлах
    }
mods-placed = {"  "}поставлен №{ $n } в порядке, перед { $other }
mods-no-stage = { $path }: нет папки для подготовки новых файлов
mods-to-removed = {"  "}{ $file } мод удаляет: в { $out } не записан
mods-to-wrote = записано файлов в { $out }: { $count }; папка { $game } не тронута
mods-installed = установлен { $name } как №{ $n } из { $count } (журнал: { $journal })

## Удаление, порядок, состояние
mods-none-installed = в { $folder } не установлено ни одного мода
mods-not-installed = мод с названием { $name } не установлен в { $folder }
mods-not-installed-named = мод с названием { $name } не установлен в { $folder }; установлены: { $installed }
mods-revert-would = будет удалён { $name } { $version } ({ $count } { $count ->
        [one] файл
        [few] файла
       *[many] файлов
    })
mods-revert-reverting = удаляется { $name } { $version } ({ $count } { $count ->
        [one] файл
        [few] файла
       *[many] файлов
    })
mods-revert-hand-restored = {"  "}{ $address } изменён вручную после установки мода: всё равно восстановлен (--force)
mods-revert-hand-kept = {"  "}{ $address } изменён вручную после установки мода: оставлен как есть (--force восстановит)
mods-revert-remove = {"  "}удалить { $file } (его добавил мод)
mods-revert-restore = {"  "}восстановить { $file } таким, каким он был до мода
mods-revert-restore-hand = {"  "}восстановить { $file } таким, каким он был до мода, сохранив ручные правки, сделанные с тех пор
mods-revert-restore-others = {"  "}восстановить { $file }, сохранив изменения { $mods }
mods-reverted = удалён { $name }; установленных модов осталось: { $count }
mods-order-already = { $name } уже №{ $to }
mods-moved = { $name } перемещён с №{ $from } на №{ $to }
mods-move-failed-back = переместить { $name } на №{ $to } не удалось: { $error }; { $name } снова на №{ $from }
mods-move-failed-out = переместить { $name } на №{ $to } не удалось: { $error }; вернуть его на №{ $from } тоже не удалось: { $error2 }; сейчас он не установлен
mods-status-none = в { $folder } моды не установлены
mods-status-mod = { $n }. { $name } { $version }: { $count } { $count ->
        [one] изменение
        [few] изменения
       *[many] изменений
    }
mods-status-mod-by = { $n }. { $name } { $version } от { $author }: { $count } { $count ->
        [one] изменение
        [few] изменения
       *[many] изменений
    }
mods-status-owns = {"   "}владеет { $address } ({ $op })
mods-status-later = {"   "}{ $address } ({ $op }): также меняется модом { $other }, который позже в порядке
mods-status-by-hand = { $file } изменён вручную после последней команды модов

## Конфликты (mod conflicts)
mods-conflicts-mod = {"["}{ $n }] { $label } ({ $name } { $version }, { $count } { $count ->
        [one] изменение
        [few] изменения
       *[many] изменений
    })
mods-conflicts-none = ни один элемент не меняется больше чем одним модом (всего элементов: { $count }): конфликтов нет
# Заголовок первого столбца — четыре буквы, как «item»: отступ { $pad } выравнивает столбцы.
mods-conflicts-head = путь{ $pad }{ $columns }
mods-conflicts-same = те же новые байты: конфликта нет
mods-conflicts-merged = строки WEAR сливаются: конфликта нет
mods-conflicts-wins = КОНФЛИКТ: побеждает { $winner } (позже в порядке)
mods-conflicts-summary = элементов, меняемых больше чем одним модом: { $count }, из них в конфликте: { $real }

## Журнал и восстановление
mods-journal-version = { $path }: версию журнала { $version } эта программа не читает
mods-journal-unlisted = в журнале нет { $file }
mods-snapshot-missing = { $path }: снимка { $file } нет
mods-snapshot-changed = { $path }: снимок { $file } изменился после того, как был сделан (какая-то программа переписала файл на месте?); восстановление из него не вернёт исходный файл
mods-staged-missing = подготовленного нового { $file } нет
mods-keeping-original = сохранение исходного { $file }: { $error }
mods-staging-journal = подготовка журнала: { $error }
mods-staging-new = подготовка нового { $what }: { $error }
mods-staging = подготовка ({ $what }): { $error }
mods-file-where-folder = { $written }: файл пишется там, где для { $file } нужна папка
mods-staged-gone = { $file }: его подготовленной копии нет, а файл не такой, каким его оставила транзакция
mods-shorter = { $path }: файл короче, чем был при чтении его каталога (байты { $start }..{ $end })
mods-recovered = завершена прерванная операция ({ $what }): она была зафиксирована, теперь журнал её учитывает
mods-rolled-back = прерванная команда модов не была зафиксирована и откачена; файлы игры не тронуты
mods-kind-no-merge = элементы вида { $kind } не сливаются
mods-member-unreadable = { $name }: { $member }: { $error }
mods-too-many-fed = { $name }: слишком много изменений
mods-hand-entry-changed = { $path }: запись { $entry } изменилась во время работы команды мода (это уже не то, что сравнивалось)
mods-hand-file-changed = { $path } изменился во время работы команды мода (это уже не то, что сравнивалось)
mods-hand-no-source = { $path }: нет источника { $id } среди правок, сделанных вручную
