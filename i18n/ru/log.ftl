# Строки журнала и строки состояния действий программы (src/app/apply, задачи, файлы, внешняя
# программа), названия задач и заголовки окон ошибок. Пути и имена — аргументы.

## Задачи
task-unpacking = Распаковка { $path }
task-packing = Упаковка { $path }
task-reading = Чтение { $name }
task-opening-project = Открытие проекта { $path }
task-extracting = Извлечение { $n ->
    [one] { $n } записи
   *[other] { $n } записей
    } из { $archive }
task-checking = Проверка { $name }
task-indexing = Индексация { $path }
task-mod-dry-run = Пробный прогон { $name }
task-mod-installing = Установка { $name }
task-mod-uninstalling = Удаление { $name }
task-mod-moving = Перемещение { $name } на № { $to }
task-export-comparing = Сравнение с { $path }
task-export-finding = Поиск несохранённых изменений

## Заголовки окон
title-save = Сохранение
title-save-as = Сохранить как
title-extract = Извлечение
title-edit-external = Правка во внешней программе
title-uninstall-mod = Удаление мода
title-move-mod = Перемещение мода
title-open-mod = Открытие мода

## Файлы
log-no-project = проект не открыт: «Файл > Открыть папку» открывает папку игры как проект
log-saved = сохранён { $path }
log-saved-as = сохранён как { $path }
log-external-failed = { $error }.

    Файл по-прежнему отслеживается: откройте его в любой программе и сохраните там или выберите программу в «Правка > Внешняя программа» и попробуйте снова.
log-external-off = { $path }: не открыт в программе (программы в этом сеансе отключены); файл отслеживается
log-already-open = { $path } уже открыт
log-entries-count = { $n ->
    [one] { $n } запись
    [few] { $n } записи
   *[many] { $n } записей
    }
log-bytes-count = { $n ->
    [one] { $n } байт
    [few] { $n } байта
   *[many] { $n } байт
    }
log-opened = открыт { $path } ({ $what })
log-open-failed = открытие: { $error }
log-no-entry = { $path }: нет записи { $entry }
log-closed = закрыт { $name }
log-extracted-one = { $entry } извлечена в { $path } ({ $bytes })
log-extract-not-archive = извлечение: это не архив
log-extracted = { $n ->
    [one] извлечена { $n } запись
    [few] извлечены { $n } записи
   *[many] извлечено { $n } записей
    } в { $path }
log-extract-failure = извлечение: { $error }
log-extract-more = извлечение: ещё { $n ->
    [one] { $n } ошибка
    [few] { $n } ошибки
   *[many] { $n } ошибок
    }
log-no-such-entry = № { $i }: нет такой записи
log-no-thread = не удалось запустить поток: { $error }
log-check-failed = проверка { $name }: { $error }
log-checked = проверка { $path }: { $ok }, { $entries ->
    [one] { $entries } запись
    [few] { $entries } записи
   *[many] { $entries } записей
    }, обратное кодирование { $roundtrip }, { $n ->
    [one] { $n } находка
    [few] { $n } находки
   *[many] { $n } находок
    } ({ $errors ->
    [one] { $errors } ошибка
    [few] { $errors } ошибки
   *[many] { $errors } ошибок
    })
log-check-ok = в порядке
log-check-failed-mark = ОШИБКА
log-roundtrip-exact = точное
log-roundtrip-differs = отличается
log-indexed = { $path }: ссылки проиндексированы, { $n ->
    [one] { $n } находка
    [few] { $n } находки
   *[many] { $n } находок
    }
log-batch-failed = , { $n } с ошибкой (для них ничего не записано)
log-batch-done = { $verb }: { $items ->
    [one] { $items } файл
    [few] { $items } файла
   *[many] { $items } файлов
    } -> { $written ->
    [one] { $written } файл записан
    [few] { $written } файла записано
   *[many] { $written } файлов записано
    } в { $path }{ $failed }
log-cancelled = { $task }: отменено
log-cancelled-short = отменено
log-cannot-watch = нельзя отслеживать { $path }: { $error }
log-cannot-launch = не удалось открыть { $path } в { $program }: { $error }
log-default-program = программе по умолчанию
log-project-walked = { $path }: { $n ->
    [one] { $n } файл игры
    [few] { $n } файла игры
   *[many] { $n } файлов игры
    }, пропущено других файлов: { $skipped }, проблем обхода: { $problems }
log-not-in-file = { $address }: этого больше нет в открытом файле
log-no-entry-any-more = записи { $entry } больше нет

## Правки
log-renamed = { $before } переименована в { $name }
log-rename-failed = переименование: { $error }
undo-remove-entries = Удалить { $n ->
    [one] { $n } запись
    [few] { $n } записи
   *[many] { $n } записей
    }
log-removed-entries = { $n ->
    [one] удалена { $n } запись
    [few] удалены { $n } записи
   *[many] удалено { $n } записей
    }
log-replaced = заменена { $entry } ({ $bytes })
log-step-failed = { $label }: { $error }
log-undo = отмена
log-redo = повтор
log-undone = { $word }: { $label }
log-drag-cancelled = прервано: { $label }
log-nothing-to-undo = нечего отменять
log-nothing-to-redo = нечего повторять
log-add-failed = добавление { $what }: { $error }
undo-add-files = Добавить { $n ->
    [one] { $n } файл
    [few] { $n } файла
   *[many] { $n } файлов
    }
log-added-files = { $n ->
    [one] добавлен { $n } файл
    [few] добавлены { $n } файла
   *[many] добавлено { $n } файлов
    } в { $archive }
log-files-to-save = { $label }: сохранить { $n ->
    [one] { $n } файл
    [few] { $n } файла
   *[many] { $n } файлов
    }

## Моды
log-mod-no-game = папка игры не открыта: «Файл > Открыть папку» открывает её как проект
log-mod-opened = открыт мод { $name } { $version } ({ $n ->
    [one] { $n } изменение
    [few] { $n } изменения
   *[many] { $n } изменений
    }) из { $path }
log-mod-dry-run = пробный прогон { $name }: { $n ->
    [one] { $n } изменение
    [few] { $n } изменения
   *[many] { $n } изменений
    }, заблокировано: { $blocked }, в конфликте с установленными модами: { $conflicts }
log-mod-line = мод: { $line }
log-mod-changed-dirty = { $path } изменён на диске командой мода; ваши несохранённые правки сохранены в редакторе (при сохранении программа спросит, прежде чем перезаписать)
log-mod-reread = { $path } прочитан заново: его изменила команда мода
log-export-needs-project = для сравнения с чистой папкой откройте папку игры с модами как проект («Файл > Открыть папку»)
log-export-nothing = нечего экспортировать: нет несохранённых правок и не открыта папка игры
log-mod-exported = { $n ->
    [one] экспортировано { $n } изменение
    [few] экспортировано { $n } изменения
   *[many] экспортировано { $n } изменений
    } как мод { $name } в { $path }

## Вид
log-dialog-in-window = { $why }: это окно рисуется внутри программы
log-native-dialog-failed = системное окно выбора файла не открылось (не ответил ни портал рабочего стола, ни zenity)
log-dialogs-in-window = окна выбора файлов рисуются внутри программы: { $why }
log-reading-set = прочтение { $spec }
log-compare = сравнение: { $text }
log-opened-demo = открыта демонстрационная папка { $path }
log-not-in-project = не входит в проект
pick-why-no-dbus = нет сеансовой шины D-Bus для портала рабочего стола и нет программы zenity
pick-why-off = системные окна выбора файлов в этом сеансе отключены
pick-why-pending = системное окно выбора файла, запрошенное ранее, не ответило (портал рабочего стола принял вызов и не ответил?)
task-comparing = Сравнение { $title }
log-removed-file = удалён { $path }
